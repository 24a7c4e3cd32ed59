import { describe, expect, it } from "vitest";
import { constantTimeEqual } from "../../src/crypto/constant-time";
import { createScryptHasher, nobleScryptHasher } from "../../src/crypto/password";

describe("password hashing (scrypt N=16384 r=16 p=1, 64-byte key)", () => {
  const node = createScryptHasher();
  const noble = nobleScryptHasher();

  it("hashes as saltHex:keyHex with a random salt and verifies", async () => {
    const a = await node.hash("correct horse");
    const b = await node.hash("correct horse");
    expect(a).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(a).not.toBe(b);
    expect(await node.verify({ hash: a, password: "correct horse" })).toBe(true);
    expect(await node.verify({ hash: a, password: "correct horsE" })).toBe(false);
    expect(await node.verify({ hash: "garbage", password: "x" })).toBe(false);
    expect(await node.verify({ hash: "abcd:zz", password: "x" })).toBe(false);
  });

  it("node:crypto and @noble/hashes produce and verify the same format", async () => {
    const fromNode = await node.hash("pässwörd");
    const fromNoble = await noble.hash("pässwörd");
    expect(await noble.verify({ hash: fromNode, password: "pässwörd" })).toBe(true);
    expect(await node.verify({ hash: fromNoble, password: "pässwörd" })).toBe(true);
  });

  it("normalises input with NFKC (composed and decomposed forms match)", async () => {
    const hash = await node.hash("\u00e9t\u00e9");
    expect(await node.verify({ hash, password: "e\u0301te\u0301" })).toBe(true);
  });

  it("does not block the event loop while hashing", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      await Promise.all([node.hash("a"), node.hash("b"), node.hash("c")]);
    } finally {
      clearInterval(timer);
    }
    // Three scrypt derivations take tens of milliseconds; a blocked loop would let no timer fire.
    expect(ticks).toBeGreaterThan(0);
  });
});

describe("constant-time comparison", () => {
  it("compares bytes and strings, including different lengths", () => {
    expect(constantTimeEqual("abc", "abc")).toBe(true);
    expect(constantTimeEqual("abc", "abd")).toBe(false);
    expect(constantTimeEqual("abc", "abcd")).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
  });
});
