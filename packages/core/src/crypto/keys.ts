import { constantTimeEqual } from "./constant-time";
import { fromBase64Url, toBase64, toBase64Url, utf8 } from "./encoding";

/**
 * Keys derived from the app secret, imported once and cached for the life of the process
 * (better-auth re-imports the HMAC key on every signed-cookie read). One `createKeyring(secret)`
 * per AppContext.
 */
export interface Keyring {
  /** HMAC-SHA256 signature of `value`, base64 (44 characters, as signed cookies carry it). */
  sign(value: string): Promise<string>;
  verify(value: string, signature: string): Promise<boolean>;
  /** `value.signature`, the signed-cookie format. */
  signValue(value: string): Promise<string>;
  /** The value if the signature holds, else null. */
  unsignValue(signed: string): Promise<string | null>;
  /** AES-256-GCM, output base64url(iv || ciphertext). `purpose` separates keys per use. */
  encrypt(plaintext: string, purpose?: string): Promise<string>;
  decrypt(ciphertext: string, purpose?: string): Promise<string | null>;
  /** The HMAC key for HS256 JWTs (jose accepts a CryptoKey). */
  jwtKey(): Promise<CryptoKey>;
}

export function createKeyring(secret: string): Keyring {
  let hmacKey: Promise<CryptoKey> | undefined;
  const aesKeys = new Map<string, Promise<CryptoKey>>();

  const getHmac = () => {
    hmacKey ??= crypto.subtle.importKey(
      "raw",
      utf8.encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    return hmacKey;
  };

  const getAes = (purpose: string) => {
    let key = aesKeys.get(purpose);
    if (!key) {
      key = (async () => {
        const base = await crypto.subtle.importKey("raw", utf8.encode(secret), "HKDF", false, ["deriveKey"]);
        return crypto.subtle.deriveKey(
          {
            name: "HKDF",
            hash: "SHA-256",
            salt: new Uint8Array(32),
            info: utf8.encode(`gatehouse:${purpose}`),
          },
          base,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        );
      })();
      aesKeys.set(purpose, key);
    }
    return key;
  };

  const sign = async (value: string) =>
    toBase64(new Uint8Array(await crypto.subtle.sign("HMAC", await getHmac(), utf8.encode(value))));

  const verify = async (value: string, signature: string) => {
    if (signature.length !== 44 || !signature.endsWith("=")) return false;
    return constantTimeEqual(await sign(value), signature);
  };

  return {
    sign,
    verify,
    async signValue(value) {
      return `${value}.${await sign(value)}`;
    },
    async unsignValue(signed) {
      const at = signed.lastIndexOf(".");
      if (at < 1) return null;
      const value = signed.slice(0, at);
      return (await verify(value, signed.slice(at + 1))) ? value : null;
    },
    async encrypt(plaintext, purpose = "default") {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const data = new Uint8Array(
        await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await getAes(purpose), utf8.encode(plaintext)),
      );
      const out = new Uint8Array(iv.length + data.length);
      out.set(iv);
      out.set(data, iv.length);
      return toBase64Url(out);
    },
    async decrypt(ciphertext, purpose = "default") {
      try {
        const bytes = fromBase64Url(ciphertext);
        const plain = await crypto.subtle.decrypt(
          { name: "AES-GCM", iv: bytes.slice(0, 12) },
          await getAes(purpose),
          bytes.slice(12),
        );
        return utf8.decode(new Uint8Array(plain));
      } catch {
        return null;
      }
    },
    jwtKey: getHmac,
  };
}
