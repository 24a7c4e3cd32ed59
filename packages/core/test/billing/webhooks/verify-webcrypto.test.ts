import { createHmac } from "node:crypto";
import { describe, expect, it, vi } from "vitest";

// As in a browser or an edge runtime: no node:crypto, WebCrypto only.
vi.mock("../../../src/crypto/node-crypto", () => ({ nodeCrypto: null }));

const { generateWebhookSecret, signWebhook, verifyWebhook } = await import("../../../src/webhooks/index");

describe("verifyWebhook without node:crypto", () => {
  it("signs and verifies with WebCrypto, both key forms", async () => {
    const secret = generateWebhookSecret();
    const body = '{"type":"order.paid","timestamp":"2026-01-15T12:00:00.000Z","data":{}}';
    const ts = 1_768_478_400;
    const now = () => new Date(ts * 1000);
    const signature = await signWebhook({ id: "evt_1", timestamp: ts, payload: body, secret });
    const expected = createHmac("sha256", Buffer.from(secret.slice(6), "base64"))
      .update(`evt_1.${ts}.${body}`)
      .digest("base64");
    expect(signature).toBe(`v1,${expected}`);
    const headers = {
      "webhook-id": "evt_1",
      "webhook-timestamp": String(ts),
      "webhook-signature": signature,
    };
    await expect(verifyWebhook(body, headers, secret, { now })).resolves.toMatchObject({
      type: "order.paid",
    });
    const legacy = createHmac("sha256", secret).update(`evt_1.${ts}.${body}`).digest("base64");
    const legacyHeaders = { ...headers, "webhook-signature": `v1,${legacy}` };
    await expect(verifyWebhook(body, legacyHeaders, secret, { now })).resolves.toBeTruthy();
    await expect(verifyWebhook(`${body} `, headers, secret, { now })).rejects.toThrow(
      "No matching signature found",
    );
  });
});
