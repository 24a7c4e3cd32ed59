import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { HttpResponse, http } from "msw";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { stripeProcessor } from "../../../src/plugins/billing";
import type { ConfirmInput } from "../../../src/plugins/billing/processors/processor";
import { signature, stripeEvent, webhookRequest } from "./events";
import { KEYS, TOKENS } from "./fake-stripe";
import { useFakeStripe } from "./harness";

const { fake, server } = useFakeStripe();

const input = (over: Partial<ConfirmInput> = {}): ConfirmInput => ({
  checkoutId: "chk_1",
  merchantId: "default",
  amount: 1200,
  currency: "EUR",
  mode: "payment",
  processorCustomerId: "cus_1",
  paymentMethod: TOKENS.visa,
  setupFutureUsage: false,
  metadata: { checkout_id: "chk_1", organization_id: "default", type: "product" },
  idempotencyKey: "checkout_confirm:chk_1:1",
  ...over,
});

describe("stripeProcessor: the port against Stripe's HTTP API", () => {
  it("exposes the publishable key only, and requires its keys", () => {
    expect(stripeProcessor({ ...KEYS }).clientConfig()).toEqual({
      processor: "stripe",
      publishableKey: KEYS.publishableKey,
    });
    expect(() => stripeProcessor({ ...KEYS, webhookSecret: "" })).toThrow("`webhookSecret` is required");
  });

  it("confirm: processing, setup requiring action, return_url with {CHECKOUT_ID}, lower-case currency", async () => {
    const processor = stripeProcessor({
      ...KEYS,
      returnUrl: "https://shop.example/return?checkout={CHECKOUT_ID}",
    });
    const processing = await processor.confirm(input({ paymentMethod: TOKENS.processing }));
    expect(processing).toEqual({ status: "processing", intentId: expect.stringMatching(/^pi_/) });
    expect(fake.to("/v1/payment_intents")[0]!.params).toMatchObject({
      currency: "eur",
      return_url: "https://shop.example/return?checkout=chk_1",
    });
    const setup = await processor.confirm(
      input({ mode: "setup", amount: 0, paymentMethod: TOKENS.authenticate, idempotencyKey: "k2" }),
    );
    expect(setup).toEqual({
      status: "requires_action",
      intentId: expect.stringMatching(/^seti_/),
      clientSecret: expect.stringMatching(/^seti_.+_secret_/),
    });
    const declined = await processor.confirm(
      input({ mode: "setup", amount: 0, paymentMethod: TOKENS.declined, idempotencyKey: "k3" }),
    );
    expect(declined).toMatchObject({
      status: "failed",
      reason: "Your card was declined",
      declineCode: "generic_decline",
    });
  });

  it("confirm: the same idempotency key never creates a second PaymentIntent", async () => {
    const processor = stripeProcessor({ ...KEYS });
    const first = await processor.confirm(input());
    const retried = await processor.confirm(input());
    expect(retried).toEqual(first);
    expect(fake.paymentIntents.size).toBe(1);
    expect(fake.to("/v1/payment_intents").map((c) => c.idempotencyKey)).toEqual([
      "checkout_confirm:chk_1:1",
      "checkout_confirm:chk_1:1",
    ]);
  });

  it("operator errors (bad key, outage) throw a neutral message, the Stripe error as cause", async () => {
    const client = new Stripe(KEYS.secretKey, {
      httpClient: Stripe.createFetchHttpClient(),
      maxNetworkRetries: 0,
    });
    const processor = stripeProcessor({ ...KEYS, client });
    server.use(
      http.post("https://api.stripe.com/v1/payment_intents", () =>
        HttpResponse.json(
          { error: { type: "invalid_request_error", message: "Invalid API Key provided: sk_test_****6789" } },
          { status: 401 },
        ),
      ),
    );
    const error = await processor.confirm(input()).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe("The payment could not be processed");
    expect((error as Error).cause).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it("ensureCustomer: a customer deleted at Stripe is created again", async () => {
    const processor = stripeProcessor({ ...KEYS });
    const created = await processor.ensureCustomer({ customerId: "c1", email: "a@example.com", name: null });
    expect(
      await processor.ensureCustomer({ customerId: "c1", email: "b@example.com", existingId: created }),
    ).toBe(created);
    expect(fake.customers.get(created)!.email).toBe("b@example.com");
    const again = await processor.ensureCustomer({
      customerId: "c1",
      email: "b@example.com",
      existingId: "cus_gone",
    });
    expect(again).not.toBe(created);
    expect(fake.to("/v1/customers").map((c) => c.params)).toEqual([
      { email: "a@example.com", "metadata[gatehouse_customer_id]": "c1" },
      { email: "b@example.com", "metadata[gatehouse_customer_id]": "c1" },
    ]);
  });

  it("cancelIntent: cancels pending PaymentIntents and SetupIntents; leaves final ones alone", async () => {
    const processor = stripeProcessor({ ...KEYS });
    const pending = await processor.confirm(input({ paymentMethod: TOKENS.authenticate }));
    await processor.cancelIntent(pending.intentId!);
    expect(fake.paymentIntents.get(pending.intentId!)!.status).toBe("canceled");
    await processor.cancelIntent(pending.intentId!); // already canceled: ignored
    const paid = await processor.confirm(input({ idempotencyKey: "k2" }));
    await expect(processor.cancelIntent(paid.intentId!)).resolves.toBeUndefined();
    expect(fake.paymentIntents.get(paid.intentId!)!.status).toBe("succeeded");
    const setup = await processor.confirm(
      input({ mode: "setup", paymentMethod: TOKENS.authenticate, idempotencyKey: "k3" }),
    );
    await processor.cancelIntent(setup.intentId!);
    expect(fake.setupIntents.get(setup.intentId!)!.status).toBe("canceled");
  });

  it("refund: refunds.create with the intent, amount, Stripe's reason and an idempotency key", async () => {
    const processor = stripeProcessor({ ...KEYS });
    const paid = await processor.confirm(input());
    const refund = await processor.refund({
      intentId: paid.intentId!,
      amount: 500,
      reason: "customer_request",
      metadata: { order_id: "ord_1" },
      idempotencyKey: "refund:ord_1:1",
    });
    expect(refund).toEqual({ id: expect.stringMatching(/^re_/), amount: 500, status: "succeeded" });
    const [call] = fake.to("/v1/refunds");
    expect(call!.params).toEqual({
      payment_intent: paid.intentId,
      amount: "500",
      reason: "requested_by_customer",
      "metadata[order_id]": "ord_1",
      "metadata[reason]": "customer_request",
    });
    expect(call!.idempotencyKey).toBe("refund:ord_1:1");
    await processor.refund({ intentId: paid.intentId!, amount: 100, reason: "service_disruption" });
    expect(fake.to("/v1/refunds")[1]!.params.reason).toBeUndefined();
    await expect(
      processor.refund({ intentId: "pi_unknown", amount: 1, reason: "other" }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });
});

describe("stripeProcessor.parseWebhook", () => {
  const processor = stripeProcessor({ ...KEYS });
  const parse = (event: ReturnType<typeof stripeEvent>) => {
    const body = JSON.stringify(event);
    return processor.parseWebhook(webhookRequest(body, signature(body)));
  };
  const intent = (over: Record<string, unknown>) => ({
    id: "pi_1",
    object: "payment_intent",
    metadata: { checkout_id: "chk_1" },
    last_payment_error: null,
    ...over,
  });

  it("normalises the event types the engine acts on, with the raw body as payload", async () => {
    const event = stripeEvent(
      "payment_intent.payment_failed",
      intent({ last_payment_error: { message: "Declined." } }),
    );
    expect(await parse(event)).toEqual({
      id: event.id,
      type: "payment.failed",
      intentId: "pi_1",
      checkoutId: "chk_1",
      reason: "Declined",
      payload: JSON.stringify(event),
    });
    expect(
      await parse(stripeEvent("payment_intent.canceled", intent({ cancellation_reason: "abandoned" }))),
    ).toMatchObject({
      type: "payment.failed",
      terminal: true,
    });
    const charge = {
      id: "ch_1",
      object: "charge",
      payment_intent: "pi_1",
      metadata: { checkout_id: "chk_1" },
    };
    expect(await parse(stripeEvent("charge.succeeded", charge))).toMatchObject({
      type: "payment.succeeded",
      intentId: "pi_1",
      checkoutId: "chk_1",
    });
    const setupFailed = {
      id: "seti_1",
      object: "setup_intent",
      metadata: {},
      last_setup_error: { message: "No." },
    };
    expect(await parse(stripeEvent("setup_intent.setup_failed", setupFailed))).toMatchObject({
      type: "setup.failed",
      intentId: "seti_1",
      reason: "No",
    });
    expect((await parse(stripeEvent("setup_intent.succeeded", { ...setupFailed, id: "seti_2" }))).type).toBe(
      "setup.succeeded",
    );
    const other = await parse(stripeEvent("payment_intent.created", intent({})));
    expect(other).toMatchObject({ type: "ignored" });
    expect(other.checkoutId).toBeUndefined();
  });

  it("throws on a missing or forged signature", async () => {
    const body = JSON.stringify(stripeEvent("payment_intent.succeeded", intent({})));
    await expect(processor.parseWebhook(webhookRequest(body, null))).rejects.toThrow(
      "Missing stripe-signature",
    );
    await expect(processor.parseWebhook(webhookRequest(body, "t=1,v1=00"))).rejects.toBeInstanceOf(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });
});

describe("packaging", () => {
  it("only the stripe/ folder mentions the SDK, and only as types or a lazy import()", () => {
    const root = join(import.meta.dirname, "../../../src");
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
      });
    for (const file of files(root)) {
      const source = readFileSync(file, "utf8");
      const eager = /^import\s+(?!type\b)[^;]*from\s+["']stripe["']/m.test(source);
      expect(eager, file).toBe(false);
      if (/["']stripe["']/.test(source)) expect(file).toMatch(/processors[/\\]stripe[/\\]/);
    }
  });
});
