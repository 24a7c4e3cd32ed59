const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * A random string from a CSPRNG over [A-Za-z0-9] (or a given alphabet), without modulo bias:
 * bytes beyond the largest multiple of the alphabet size are rejected.
 */
export function generateRandomString(length: number, alphabet: string = ALPHANUMERIC): string {
  const n = alphabet.length;
  const limit = 256 - (256 % n);
  let out = "";
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(Math.max(16, (length - out.length) * 2)));
    for (const b of bytes) {
      if (b >= limit) continue;
      out += alphabet[b % n];
      if (out.length === length) break;
    }
  }
  return out;
}
