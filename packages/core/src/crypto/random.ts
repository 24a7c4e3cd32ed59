const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * CSPRNG bytes drawn from a pool refilled 4 KiB at a time: one `getRandomValues` call per ~60
 * ids instead of one per id (ids of a 1,000-row insert were 8% of usage ingestion's CPU). Each
 * byte is handed out once.
 */
const POOL_SIZE = 4096;
let pool = new Uint8Array(0);
let offset = 0;

function randomByte(): number {
  if (offset >= pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(POOL_SIZE));
    offset = 0;
  }
  return pool[offset++]!;
}

/**
 * A random string from a CSPRNG over [A-Za-z0-9] (or a given alphabet), without modulo bias:
 * bytes beyond the largest multiple of the alphabet size are rejected.
 */
export function generateRandomString(length: number, alphabet: string = ALPHANUMERIC): string {
  const n = alphabet.length;
  const limit = 256 - (256 % n);
  let out = "";
  while (out.length < length) {
    const b = randomByte();
    if (b < limit) out += alphabet[b % n];
  }
  return out;
}
