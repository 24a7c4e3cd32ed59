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

/** The alphabet as UTF-16 code units (what `alphabet[i]` indexes). */
const codesOf = (alphabet: string) =>
  Array.from({ length: alphabet.length }, (_, i) => alphabet.charCodeAt(i));
const DEFAULT_CODES = codesOf(ALPHANUMERIC);

/**
 * A random string from a CSPRNG over [A-Za-z0-9] (or a given alphabet), without modulo bias:
 * bytes beyond the largest multiple of the alphabet size are rejected.
 */
export function generateRandomString(length: number, alphabet: string = ALPHANUMERIC): string {
  const codes = alphabet === ALPHANUMERIC ? DEFAULT_CODES : codesOf(alphabet);
  const n = codes.length;
  const limit = 256 - (256 % n);
  const out = new Array<number>(length);
  for (let k = 0; k < length; ) {
    const b = randomByte();
    if (b < limit) out[k++] = codes[b % n]!;
  }
  return String.fromCharCode(...out);
}
