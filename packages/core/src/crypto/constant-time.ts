const encoder = new TextEncoder();

/**
 * Compares two byte strings in time that depends only on their lengths, never on where they first
 * differ. Use it for every secret comparison (tokens, signatures, hashes).
 */
export function constantTimeEqual(a: Uint8Array | string, b: Uint8Array | string): boolean {
  // Two strings (signatures, tokens): compare UTF-16 code units, no encoding or allocation.
  if (typeof a === "string" && typeof b === "string") {
    let diff = a.length ^ b.length;
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
    return diff === 0;
  }
  const x = typeof a === "string" ? encoder.encode(a) : a;
  const y = typeof b === "string" ? encoder.encode(b) : b;
  let diff = x.length ^ y.length;
  const n = Math.max(x.length, y.length);
  for (let i = 0; i < n; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}
