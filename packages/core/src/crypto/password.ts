import { scryptAsync } from "@noble/hashes/scrypt.js";
import { constantTimeEqual } from "./constant-time";
import { fromHex, toHex, utf8 } from "./encoding";
import { nodeCrypto } from "./node-crypto";

/**
 * Password hashing: scrypt N=16384, r=16, p=1, 64-byte key, 16-byte random salt, NFKC-normalised
 * input. Stored as `saltHex:keyHex`, where the salt fed to scrypt is the hex text itself: the same
 * format better-auth writes, so password hashes of an existing better-auth database keep working. Node's `crypto.scrypt` runs on the libuv thread pool, so the
 * event loop never blocks; elsewhere `@noble/hashes` (which yields between blocks) produces the
 * same bytes, so hashes move freely between runtimes.
 */
export const SCRYPT_PARAMS = { N: 16384, r: 16, p: 1, dkLen: 64 } as const;

type Derive = (password: string, salt: Uint8Array) => Promise<Uint8Array>;

const deriveWithNoble: Derive = (password, salt) =>
  scryptAsync(utf8.encode(password.normalize("NFKC")), salt, {
    ...SCRYPT_PARAMS,
    maxmem: 128 * SCRYPT_PARAMS.N * SCRYPT_PARAMS.r * 2,
  });

async function nodeDerive(): Promise<Derive | null> {
  try {
    const { scrypt } = await import("node:crypto");
    return (password, salt) =>
      new Promise((resolve, reject) => {
        scrypt(
          password.normalize("NFKC"),
          salt,
          SCRYPT_PARAMS.dkLen,
          {
            N: SCRYPT_PARAMS.N,
            r: SCRYPT_PARAMS.r,
            p: SCRYPT_PARAMS.p,
            maxmem: 128 * SCRYPT_PARAMS.N * SCRYPT_PARAMS.r * 2,
          },
          (error, key) => (error ? reject(error) : resolve(new Uint8Array(key))),
        );
      });
  } catch {
    return null;
  }
}

let derivePromise: Promise<Derive> | undefined;
const getDerive = (): Promise<Derive> => {
  derivePromise ??= nodeDerive().then((d) => d ?? deriveWithNoble);
  return derivePromise;
};

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(args: { hash: string; password: string }): Promise<boolean>;
}

export function createScryptHasher(derive?: Derive): PasswordHasher {
  const get = derive ? () => Promise.resolve(derive) : getDerive;
  return {
    async hash(password) {
      const saltHex = toHex(crypto.getRandomValues(new Uint8Array(16)));
      const key = await (await get())(password, utf8.encode(saltHex));
      return `${saltHex}:${toHex(key)}`;
    },
    async verify({ hash, password }) {
      const [saltHex, keyHex] = hash.split(":");
      if (!saltHex || !keyHex) return false;
      // Derive even for a malformed hash, so that every verification costs the same.
      const key = await (await get())(password, utf8.encode(saltHex));
      if (keyHex.length % 2 !== 0 || !/^[0-9a-f]+$/i.test(keyHex)) return false;
      return constantTimeEqual(key, fromHex(keyHex));
    },
  };
}

/**
 * scrypt with a small cost (N=1024) for test suites: the same code path and format, 16x cheaper.
 * Never use it in production; `createTestAuth` uses it unless told otherwise.
 */
export function fastTestHasher(): PasswordHasher {
  const params = { N: 1024, r: 8, p: 1 };
  return createScryptHasher((password, salt) => {
    const normalized = password.normalize("NFKC");
    if (!nodeCrypto) return scryptAsync(utf8.encode(normalized), salt, { ...params, dkLen: 64 });
    return new Promise((resolve, reject) =>
      nodeCrypto!.scrypt(normalized, salt, 64, params, (error, key) =>
        error ? reject(error) : resolve(new Uint8Array(key)),
      ),
    );
  });
}

/** The same algorithm through @noble/hashes only (runtimes without node:crypto; tests of parity). */
export const nobleScryptHasher = (): PasswordHasher => createScryptHasher(deriveWithNoble);
