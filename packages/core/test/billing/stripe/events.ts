import { createHmac, randomBytes } from "node:crypto";
import type { FakePaymentIntent, FakeSetupIntent } from "./fake-stripe";
import { KEYS } from "./fake-stripe";

export const WEBHOOK_URL = "http://localhost:3000/api/auth/billing/processor/webhook";

/** A Stripe event envelope (snapshot payload) around an object. */
export function stripeEvent(
  type: string,
  object: FakePaymentIntent | FakeSetupIntent | Record<string, unknown>,
) {
  return {
    id: `evt_${randomBytes(12).toString("hex")}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}

/**
 * Signs like Stripe: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`
 * (computed here with node:crypto, independently of the SDK that verifies it).
 */
export function signature(
  body: string,
  secret: string = KEYS.webhookSecret,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

/** The webhook request Stripe would POST to the processor endpoint (no cookies, no Origin). */
export function webhookRequest(body: string, header: string | null = signature(body)): Request {
  const headers = new Headers({
    "content-type": "application/json; charset=utf-8",
    "user-agent": "Stripe/1.0",
  });
  if (header !== null) headers.set("stripe-signature", header);
  return new Request(WEBHOOK_URL, { method: "POST", headers, body });
}
