import { describe, expect, it } from "vitest";
import { createKeyring } from "../../src/crypto/keys";

// The WebCrypto path is what runtimes without node:crypto use; both must read each other's output.
describe("keyring", () => {
  it("signs and verifies values; tampering fails", async () => {
    const keys = createKeyring("k".repeat(40));
    const signed = await keys.signValue("token123");
    expect(signed).toMatch(/^token123\.[A-Za-z0-9+/]{43}=$/);
    expect(await keys.unsignValue(signed)).toBe("token123");
    expect(await keys.unsignValue(`token124${signed.slice(8)}`)).toBeNull();
    expect(await createKeyring("other-secret-value-000000000000").unsignValue(signed)).toBeNull();
  });

  it("encrypts per purpose; other purposes and tampering fail", async () => {
    const keys = createKeyring("k".repeat(40));
    const box = await keys.encrypt("secret text", "a");
    expect(await keys.decrypt(box, "a")).toBe("secret text");
    expect(await keys.decrypt(box, "b")).toBeNull();
    expect(await keys.decrypt(`${box.slice(0, -2)}AA`, "a")).toBeNull();
    expect(await keys.decrypt("short", "a")).toBeNull();
  });

  it("node:crypto and WebCrypto agree on HMAC and AES-GCM formats", async () => {
    const secret = "s".repeat(40);
    const keys = createKeyring(secret);
    const webKey = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const webSig = Buffer.from(
      await crypto.subtle.sign("HMAC", webKey, new TextEncoder().encode("v")),
    ).toString("base64");
    expect(await keys.sign("v")).toBe(webSig);
    const base = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, [
      "deriveKey",
    ]);
    const aes = await crypto.subtle.deriveKey(
      {
        name: "HKDF",
        hash: "SHA-256",
        salt: new Uint8Array(32),
        info: new TextEncoder().encode("gatehouse:p"),
      },
      base,
      { name: "AES-GCM", length: 256 },
      false,
      ["encrypt", "decrypt"],
    );
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const ct = new Uint8Array(
      await crypto.subtle.encrypt({ name: "AES-GCM", iv }, aes, new TextEncoder().encode("hello")),
    );
    const box = Buffer.concat([iv, ct]).toString("base64url");
    expect(await keys.decrypt(box, "p")).toBe("hello");
    const ours = Buffer.from(await keys.encrypt("back", "p"), "base64url");
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: ours.subarray(0, 12) },
      aes,
      ours.subarray(12),
    );
    expect(new TextDecoder().decode(plain)).toBe("back");
  });
});
