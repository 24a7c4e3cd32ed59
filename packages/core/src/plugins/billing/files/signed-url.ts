import type { Keyring } from "../../../plugin";
import { fromBase64Url, toBase64Url, utf8 } from "../../../plugin";

/**
 * Download tokens: `base64url(payload).signature`, the payload naming the merchant, the file, the
 * customer and the benefit that granted it, and an expiry (unix seconds). The signature is HMAC-SHA256 with the
 * app secret over a purpose-prefixed payload (no other signed value of the app verifies as a
 * download token), compared in constant time by the keyring.
 */
const PURPOSE = "gatehouse:billing-download:";

export interface DownloadClaims {
  /** The merchant of the file and the customer. */
  merchantId: string;
  fileId: string;
  customerId: string;
  benefitId: string;
  /** Expiry, unix seconds. */
  exp: number;
}

export async function signDownload(keys: Keyring, claims: DownloadClaims): Promise<string> {
  const payload = toBase64Url(
    utf8.encode(
      JSON.stringify({
        m: claims.merchantId,
        f: claims.fileId,
        c: claims.customerId,
        b: claims.benefitId,
        e: claims.exp,
      }),
    ),
  );
  const signature = await keys.sign(PURPOSE + payload);
  return `${payload}.${signature.replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_")}`;
}

/** The claims when the signature holds and the token has not expired at `now`, else null. */
export async function verifyDownload(
  keys: Keyring,
  token: string,
  now: Date,
): Promise<DownloadClaims | null> {
  if (token.length > 1024) return null;
  const dot = token.indexOf(".");
  if (dot <= 0) return null;
  const payload = token.slice(0, dot);
  const signature = token
    .slice(dot + 1)
    .replace(/-/g, "+")
    .replace(/_/g, "/");
  if (!(await keys.verify(PURPOSE + payload, `${signature}=`))) return null;
  let parsed: { m?: unknown; f?: unknown; c?: unknown; b?: unknown; e?: unknown };
  try {
    parsed = JSON.parse(utf8.decode(fromBase64Url(payload)));
  } catch {
    return null;
  }
  const { m, f, c, b, e } = parsed;
  if (
    typeof m !== "string" ||
    typeof f !== "string" ||
    typeof c !== "string" ||
    typeof b !== "string" ||
    typeof e !== "number"
  )
    return null;
  if (now.getTime() >= e * 1000) return null;
  return { merchantId: m, fileId: f, customerId: c, benefitId: b, exp: e };
}
