import { constantTimeEqual } from "../crypto/constant-time";
import { utf8 } from "../crypto/encoding";
import type { BillingEvent } from "./events";
import {
  hmacSha256Base64,
  legacyWebhookKey,
  signedContent,
  standardWebhookKey,
  WEBHOOK_SECRET_PREFIX,
} from "./signing";

/** The error messages of the specification (section 8, "Webhook"). */
export const WEBHOOK_VERIFICATION_MESSAGES = {
  MISSING_HEADERS: "Missing required headers",
  INVALID_HEADERS: "Invalid Signature Headers",
  TOO_OLD: "Message timestamp too old",
  TOO_NEW: "Message timestamp too new",
  NO_MATCH: "No matching signature found",
} as const;

/** Thrown by `verifyWebhook`; `message` is one of `WEBHOOK_VERIFICATION_MESSAGES`. */
export class WebhookVerificationError extends Error {
  override readonly name = "WebhookVerificationError";
}

/** A Fetch `Headers`, or a plain record such as Node's `IncomingHttpHeaders`. */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface VerifyWebhookOptions {
  /** Clock for the tolerance check. Default: the system clock. */
  readonly now?: () => Date;
  /** Allowed distance between `webhook-timestamp` and now, either way. Default 300 s. */
  readonly toleranceSeconds?: number;
}

const isHeaders = (h: WebhookHeaders): h is Headers => typeof (h as Headers).get === "function";

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (isHeaders(headers)) return headers.get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name || value === undefined) continue;
    return typeof value === "string" ? value : value.join(" ");
  }
  return undefined;
}

/** The `v1` entries of a `webhook-signature` header (space separated; other versions ignored). */
function v1Signatures(value: string): string[] {
  const out: string[] = [];
  for (const entry of value.split(/\s+/)) {
    const comma = entry.indexOf(",");
    if (comma < 0 || entry.slice(0, comma) !== "v1") continue;
    const signature = entry.slice(comma + 1).replace(/,+$/, "");
    if (signature) out.push(signature);
  }
  return out;
}

/**
 * Verifies a Standard Webhooks delivery (Gatehouse billing, Polar and other senders) over the raw
 * body and returns the parsed event. The secret may carry the `whsec_` prefix or not. The key is
 * the base64-decoded secret (the standard); Polar's legacy key (the UTF-8 bytes of the whole
 * secret string) is tried next, so secrets copied from Polar verify too.
 *
 * Runs in Node, browsers and edge runtimes (node:crypto when present, else WebCrypto).
 *
 *   const event = await verifyWebhook(rawBody, request.headers, process.env.WEBHOOK_SECRET!);
 */
export async function verifyWebhook<T extends BillingEvent = BillingEvent>(
  payload: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): Promise<T> {
  if (!secret) throw new Error("Webhook secret can't be empty.");
  const id = header(headers, "webhook-id");
  const timestampHeader = header(headers, "webhook-timestamp");
  const signatureHeader = header(headers, "webhook-signature");
  if (!id || !timestampHeader || !signatureHeader)
    throw new WebhookVerificationError(WEBHOOK_VERIFICATION_MESSAGES.MISSING_HEADERS);

  const text = timestampHeader.trim();
  const timestamp = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(timestamp))
    throw new WebhookVerificationError(WEBHOOK_VERIFICATION_MESSAGES.INVALID_HEADERS);
  const tolerance = options.toleranceSeconds ?? 300;
  const now = Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  if (now - timestamp > tolerance) throw new WebhookVerificationError(WEBHOOK_VERIFICATION_MESSAGES.TOO_OLD);
  if (timestamp - now > tolerance) throw new WebhookVerificationError(WEBHOOK_VERIFICATION_MESSAGES.TOO_NEW);

  const signatures = v1Signatures(signatureHeader);
  if (signatures.length === 0) throw new WebhookVerificationError(WEBHOOK_VERIFICATION_MESSAGES.NO_MATCH);
  const content = signedContent(id, timestamp, payload);
  const standard = standardWebhookKey(secret);
  const keys = standard ? [standard, legacyWebhookKey(secret)] : [legacyWebhookKey(secret)];
  // A bare secret copied from Polar (prefix dropped) was signed with the prefixed string.
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) keys.push(legacyWebhookKey(WEBHOOK_SECRET_PREFIX + secret));
  let matched = false;
  for (const key of keys) {
    const expected = await hmacSha256Base64(key, content);
    // Every candidate is compared (no early exit inside the loop) in constant time.
    for (const signature of signatures) matched = constantTimeEqual(expected, signature) || matched;
    if (matched) break;
  }
  if (!matched) throw new WebhookVerificationError(WEBHOOK_VERIFICATION_MESSAGES.NO_MATCH);
  return JSON.parse(typeof payload === "string" ? payload : utf8.decode(payload)) as T;
}
