import { fromBase64, toBase64, utf8 } from "../crypto/encoding";
import { nodeCrypto } from "../crypto/node-crypto";

/** Standard Webhooks secrets carry this prefix; the key is the base64 text after it. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

/** A new endpoint secret: `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(32)));
}

const stripPrefix = (secret: string) =>
  secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;

/**
 * The Standard Webhooks key: the base64-decoded bytes after `whsec_`, or null when that text is not
 * base64 (or decodes to nothing).
 */
export function standardWebhookKey(secret: string): Uint8Array<ArrayBuffer> | null {
  const text = stripPrefix(secret).trim();
  if (text === "" || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  try {
    const key = fromBase64(text);
    return key.length > 0 ? key : null;
  } catch {
    return null;
  }
}

/** Polar's legacy key: the UTF-8 bytes of the whole secret string, prefix included. */
export function legacyWebhookKey(secret: string): Uint8Array<ArrayBuffer> {
  return utf8.encode(secret);
}

/** `{id}.{timestamp}.{body}` as bytes; a byte body is used as is (never decoded and re-encoded). */
export function signedContent(
  id: string,
  timestamp: number,
  body: string | Uint8Array,
): Uint8Array<ArrayBuffer> {
  const head = utf8.encode(`${id}.${timestamp}.`);
  const tail = typeof body === "string" ? utf8.encode(body) : body;
  const out = new Uint8Array(head.length + tail.length);
  out.set(head, 0);
  out.set(tail, head.length);
  return out;
}

/** base64(HMAC-SHA256(key, content)): node:crypto when present, else WebCrypto (browsers, edge). */
export async function hmacSha256Base64(key: Uint8Array<ArrayBuffer>, content: Uint8Array<ArrayBuffer>) {
  if (nodeCrypto) return nodeCrypto.createHmac("sha256", key).update(content).digest("base64");
  const cryptoKey = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return toBase64(new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, content)));
}

export interface SignWebhookInput {
  /** The `webhook-id` header value. */
  readonly id: string;
  /** The `webhook-timestamp` header value, in Unix seconds. */
  readonly timestamp: number;
  /** The exact body sent. */
  readonly payload: string | Uint8Array;
  /** `whsec_` + base64 key (the prefix is optional). */
  readonly secret: string;
}

/** The `webhook-signature` header value: `v1,<base64 HMAC-SHA256(key, "{id}.{timestamp}.{body}")>`. */
export async function signWebhook(input: SignWebhookInput): Promise<string> {
  const key = standardWebhookKey(input.secret);
  if (!key) throw new Error("Invalid webhook secret: expected whsec_ followed by base64");
  return `v1,${await hmacSha256Base64(key, signedContent(input.id, input.timestamp, input.payload))}`;
}
