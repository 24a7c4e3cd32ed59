import { constantTimeEqual } from "./constant-time";
import { fromBase64Url, toBase64, toBase64Url, utf8 } from "./encoding";
import { nodeCrypto } from "./node-crypto";

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
  /**
   * The value of a signed text this process has already verified (a memory lookup, no HMAC), else
   * undefined: then call `unsignValue`.
   */
  knownValue(signed: string): string | undefined;
  /** AES-256-GCM, output base64url(iv || ciphertext). `purpose` separates keys per use. */
  encrypt(plaintext: string, purpose?: string): Promise<string>;
  decrypt(ciphertext: string, purpose?: string): Promise<string | null>;
  /** The HMAC key for HS256 JWTs (jose accepts a CryptoKey). */
  jwtKey(): Promise<CryptoKey>;
}

/** Signed values remembered as verified, per keyring (a cookie-cache value is at most 4 kB: a few MB at worst). */
const VERIFIED_LIMIT = 2048;

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

  // With node:crypto: one KeyObject for the life of the keyring, synchronous HMAC.
  const nodeKey = nodeCrypto?.createSecretKey(utf8.encode(secret));
  const sign = async (value: string) => {
    if (nodeCrypto && nodeKey) return nodeCrypto.createHmac("sha256", nodeKey).update(value).digest("base64");
    return toBase64(new Uint8Array(await crypto.subtle.sign("HMAC", await getHmac(), utf8.encode(value))));
  };

  const verify = async (value: string, signature: string) => {
    if (signature.length !== 44 || !signature.endsWith("=")) return false;
    return constantTimeEqual(await sign(value), signature);
  };

  /*
   * Signed values that verified, by their full signed text: a browser sends the same session
   * cookies on every request, and each would otherwise cost an HMAC. Only authentic values are
   * kept (a forged one is checked every time); the oldest go first past VERIFIED_LIMIT.
   */
  const verified = new Map<string, string>();
  const remember = (signed: string, value: string) => {
    if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value!);
    verified.set(signed, value);
  };

  const nodeAesKeys = new Map<string, Uint8Array>();
  const nodeAes = (purpose: string): Uint8Array => {
    let key = nodeAesKeys.get(purpose);
    if (!key) {
      key = new Uint8Array(
        nodeCrypto!.hkdfSync(
          "sha256",
          utf8.encode(secret),
          new Uint8Array(32),
          utf8.encode(`gatehouse:${purpose}`),
          32,
        ),
      );
      nodeAesKeys.set(purpose, key);
    }
    return key;
  };

  // Both paths produce iv(12) || ciphertext || tag(16): values move freely between runtimes.
  const encryptNode = (plaintext: string, purpose: string): string => {
    const c = nodeCrypto!;
    const iv = c.randomBytes(12);
    const cipher = c.createCipheriv("aes-256-gcm", nodeAes(purpose), iv);
    const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
    return toBase64Url(Buffer.concat([iv, body]));
  };

  const decryptNode = (ciphertext: string, purpose: string): string | null => {
    try {
      const c = nodeCrypto!;
      const bytes = fromBase64Url(ciphertext);
      if (bytes.length < 28) return null;
      const decipher = c.createDecipheriv("aes-256-gcm", nodeAes(purpose), bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([
        decipher.update(bytes.subarray(12, bytes.length - 16)),
        decipher.final(),
      ]).toString("utf8");
    } catch {
      return null;
    }
  };

  return {
    sign,
    verify,
    async signValue(value) {
      return `${value}.${await sign(value)}`;
    },
    knownValue: (signed) => verified.get(signed),
    async unsignValue(signed) {
      const known = verified.get(signed);
      if (known !== undefined) return known;
      const at = signed.lastIndexOf(".");
      if (at < 1) return null;
      const value = signed.slice(0, at);
      if (!(await verify(value, signed.slice(at + 1)))) return null;
      remember(signed, value);
      return value;
    },
    async encrypt(plaintext, purpose = "default") {
      if (nodeCrypto) return encryptNode(plaintext, purpose);
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
      if (nodeCrypto) return decryptNode(ciphertext, purpose);
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
