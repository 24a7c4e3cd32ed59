const encoder = new TextEncoder();
const decoder = new TextDecoder();

export const utf8 = {
  encode: (text: string): Uint8Array<ArrayBuffer> => encoder.encode(text) as Uint8Array<ArrayBuffer>,
  decode: (bytes: Uint8Array): string => decoder.decode(bytes),
};

/** Node's Buffer where the runtime has one: base64 in native code, same output as btoa. */
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;

const asBuffer = (bytes: Uint8Array) => NodeBuffer!.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const BASE64URL = /^[A-Za-z0-9_-]*$/;

export function toBase64(bytes: Uint8Array): string {
  if (NodeBuffer) return asBuffer(bytes).toString("base64");
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export function toBase64Url(bytes: Uint8Array): string {
  if (NodeBuffer) return asBuffer(bytes).toString("base64url");
  return toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  // Buffer decoding is lenient: take it only for input atob would accept, so errors stay the same.
  if (NodeBuffer && text.length % 4 !== 1 && BASE64URL.test(text)) {
    // Copied out of Buffer's shared pool: callers get an array that owns its ArrayBuffer, as before.
    return new Uint8Array(NodeBuffer.from(text, "base64url"));
  }
  const padded = text.replace(/-/g, "+").replace(/_/g, "/");
  return fromBase64(padded + "=".repeat((4 - (padded.length % 4)) % 4));
}

export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

export function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  if (hex.length % 2 !== 0 || /[^0-9a-f]/i.test(hex)) throw new Error("Invalid hex string");
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
