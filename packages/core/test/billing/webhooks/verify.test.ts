import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  generateWebhookSecret,
  signWebhook,
  verifyWebhook,
  WebhookVerificationError,
} from "../../../src/webhooks/index";

// Standard Webhooks' published test vector.
const VECTOR = {
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
  timestamp: 1614265330,
  payload: '{"test": 2432232314}',
  signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
};
const at = (seconds: number) => () => new Date(seconds * 1000);
const headersOf = (signature: string, id = VECTOR.id, timestamp: string | number = VECTOR.timestamp) => ({
  "webhook-id": id,
  "webhook-timestamp": String(timestamp),
  "webhook-signature": signature,
});

/** An independent signer (node:crypto, not the library) over a given key. */
const hmac = (key: Buffer | string, id: string, ts: number, body: string | Buffer) =>
  `v1,${createHmac("sha256", key)
    .update(Buffer.concat([Buffer.from(`${id}.${ts}.`), Buffer.from(body)]))
    .digest("base64")}`;

async function failure(promise: Promise<unknown>): Promise<WebhookVerificationError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return error as WebhookVerificationError;
}

describe("verifyWebhook", () => {
  const now = at(VECTOR.timestamp);

  it("accepts the Standard Webhooks test vector, with and without whsec_", async () => {
    const headers = headersOf(VECTOR.signature);
    expect(await verifyWebhook(VECTOR.payload, headers, VECTOR.secret, { now })).toEqual({
      test: 2432232314,
    });
    const bare = VECTOR.secret.slice("whsec_".length);
    expect(await verifyWebhook(VECTOR.payload, headers, bare, { now })).toEqual({ test: 2432232314 });
  });

  it("signs like the standard (signWebhook reproduces the vector)", async () => {
    expect(await signWebhook(VECTOR)).toBe(VECTOR.signature);
  });

  it("takes a Fetch Headers object or a Node-style record with arrays and any casing", async () => {
    const h = new Headers(headersOf(VECTOR.signature));
    await expect(verifyWebhook(VECTOR.payload, h, VECTOR.secret, { now })).resolves.toBeTruthy();
    const node = {
      "Webhook-Id": VECTOR.id,
      "WEBHOOK-TIMESTAMP": [String(VECTOR.timestamp)],
      "webhook-signature": VECTOR.signature,
      other: undefined,
    };
    await expect(verifyWebhook(VECTOR.payload, node, VECTOR.secret, { now })).resolves.toBeTruthy();
  });

  it("Missing required headers: each of id, timestamp and signature", async () => {
    const full = headersOf(VECTOR.signature);
    for (const name of Object.keys(full) as (keyof typeof full)[]) {
      const { [name]: _dropped, ...rest } = full;
      const error = await failure(verifyWebhook(VECTOR.payload, rest, VECTOR.secret, { now }));
      expect(error.message).toBe("Missing required headers");
      expect(error.name).toBe("WebhookVerificationError");
    }
    const empty = await failure(verifyWebhook(VECTOR.payload, { ...full, "webhook-id": "" }, VECTOR.secret));
    expect(empty.message).toBe("Missing required headers");
  });

  it("Invalid Signature Headers when the timestamp is not a number", async () => {
    for (const ts of ["abc", "12.5", "-1", "1e9"]) {
      const error = await failure(
        verifyWebhook(VECTOR.payload, headersOf(VECTOR.signature, VECTOR.id, ts), VECTOR.secret, { now }),
      );
      expect(error.message).toBe("Invalid Signature Headers");
    }
  });

  it("300 s tolerance both ways, bounds included", async () => {
    const h = headersOf(VECTOR.signature);
    const verify = (seconds: number, toleranceSeconds?: number) =>
      verifyWebhook(VECTOR.payload, h, VECTOR.secret, { now: at(seconds), toleranceSeconds });
    await expect(verify(VECTOR.timestamp + 300)).resolves.toBeTruthy();
    await expect(verify(VECTOR.timestamp - 300)).resolves.toBeTruthy();
    expect((await failure(verify(VECTOR.timestamp + 301))).message).toBe("Message timestamp too old");
    expect((await failure(verify(VECTOR.timestamp - 301))).message).toBe("Message timestamp too new");
    expect((await failure(verify(VECTOR.timestamp + 61, 60))).message).toBe("Message timestamp too old");
  });

  it("No matching signature found: wrong key, tampered body, other versions only, garbage", async () => {
    const h = headersOf(VECTOR.signature);
    const cases: [string, Record<string, string>, string][] = [
      [VECTOR.payload, h, generateWebhookSecret()],
      ['{"test": 2432232315}', h, VECTOR.secret],
      [VECTOR.payload, headersOf(VECTOR.signature.replace("v1,", "v2,")), VECTOR.secret],
      [VECTOR.payload, headersOf("v1,notbase64!!"), VECTOR.secret],
      [VECTOR.payload, headersOf("garbage"), VECTOR.secret],
      [VECTOR.payload, headersOf(VECTOR.signature, "msg_other"), VECTOR.secret],
    ];
    for (const [payload, headers, secret] of cases) {
      const error = await failure(verifyWebhook(payload, headers, secret, { now }));
      expect(error.message).toBe("No matching signature found");
    }
  });

  it("accepts any of several space-separated signatures (key rotation)", async () => {
    const other = hmac(Buffer.alloc(32, 7), VECTOR.id, VECTOR.timestamp, VECTOR.payload);
    const list = `v2,abc ${other} ${VECTOR.signature}`;
    await expect(verifyWebhook(VECTOR.payload, headersOf(list), VECTOR.secret, { now })).resolves.toEqual({
      test: 2432232314,
    });
  });

  it("falls back to Polar's legacy key (UTF-8 bytes of the whole secret string)", async () => {
    const polarSecret = "whsec_Abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
    const body = JSON.stringify({
      type: "order.paid",
      timestamp: "2026-01-15T12:00:00.000Z",
      data: { id: "o1" },
    });
    const signature = hmac(Buffer.from(polarSecret, "utf8"), "evt_1", VECTOR.timestamp, body);
    const h = headersOf(signature, "evt_1");
    const event = await verifyWebhook(body, h, polarSecret, { now });
    expect(event).toMatchObject({ type: "order.paid", data: { id: "o1" } });
    // A secret whose text is not base64 at all only has the legacy key.
    const odd = "whsec_not-base64-at-all!";
    const sig2 = hmac(Buffer.from(odd, "utf8"), "evt_2", VECTOR.timestamp, body);
    await expect(verifyWebhook(body, headersOf(sig2, "evt_2"), odd, { now })).resolves.toBeTruthy();
    // The Polar secret pasted without its prefix still verifies.
    const bare = polarSecret.slice("whsec_".length);
    await expect(verifyWebhook(body, h, bare, { now })).resolves.toBeTruthy();
  });

  it("verifies the raw bytes, never re-serialised JSON", async () => {
    const raw = '{ "type": "order.paid",\n  "data": {"amount": 1.0, "name": "caf\u00e9"} }';
    const secret = generateWebhookSecret();
    const key = Buffer.from(secret.slice(6), "base64");
    const signature = hmac(key, "evt_raw", VECTOR.timestamp, raw);
    const h = headersOf(signature, "evt_raw");
    const bytes = new TextEncoder().encode(raw);
    expect(await verifyWebhook(bytes, h, secret, { now })).toEqual(JSON.parse(raw));
    expect(await verifyWebhook(raw, h, secret, { now })).toEqual(JSON.parse(raw));
    const reserialised = JSON.stringify(JSON.parse(raw));
    expect((await failure(verifyWebhook(reserialised, h, secret, { now }))).message).toBe(
      "No matching signature found",
    );
  });

  it("generates whsec_ secrets of 32 random bytes", () => {
    const a = generateWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), "base64")).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(a);
  });
});
