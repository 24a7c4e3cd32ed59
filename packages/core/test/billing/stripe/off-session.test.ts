import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeProcessor } from "../../../src/plugins/billing";
import { API, KEYS } from "./fake-objects";

/** Off-session renewal charges: a confirmed PaymentIntent on the saved method, buyer absent. */
const seen: { params: Record<string, string>; key: string | null }[] = [];
const server = setupServer(
  http.post(`${API}/payment_intents`, async ({ request }) => {
    const params = Object.fromEntries(new URLSearchParams(await request.text()));
    seen.push({ params, key: request.headers.get("idempotency-key") });
    const base = { object: "payment_intent", amount: Number(params.amount), currency: params.currency };
    if (params.payment_method === "pm_declined")
      return HttpResponse.json(
        {
          error: {
            type: "card_error",
            code: "card_declined",
            decline_code: "insufficient_funds",
            message: "Your card has insufficient funds.",
            payment_intent: { ...base, id: "pi_no", status: "requires_payment_method" },
          },
        },
        { status: 402 },
      );
    const status = params.payment_method === "pm_3ds" ? "requires_action" : "succeeded";
    return HttpResponse.json({
      ...base,
      id: "pi_ok",
      status,
      client_secret: "pi_ok_secret",
      payment_method: params.payment_method,
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

const input = (paymentMethodId: string) => ({
  reference: "ord_1",
  merchantId: "m_1",
  amount: 1900,
  currency: "usd",
  processorCustomerId: "cus_1",
  paymentMethodId,
  metadata: { subscription_id: "sub_1" },
  idempotencyKey: `order_charge:ord_1:${paymentMethodId}`,
});

describe("stripe off-session charges", () => {
  it("create a confirmed off-session PaymentIntent on the saved method, with the idempotency key", async () => {
    const result = await stripeProcessor({ ...KEYS }).chargeOffSession(input("pm_saved"));
    expect(result).toEqual({ status: "succeeded", intentId: "pi_ok", paymentMethodId: "pm_saved" });
    const call = seen.at(-1)!;
    expect(call.params).toMatchObject({
      amount: "1900",
      currency: "usd",
      customer: "cus_1",
      payment_method: "pm_saved",
      off_session: "true",
      confirm: "true",
      "metadata[reference]": "ord_1",
      "metadata[subscription_id]": "sub_1",
    });
    expect(call.key).toBe("order_charge:ord_1:pm_saved");
  });

  it("answer a decline, or a bank asking for authentication, as a failure for dunning", async () => {
    const processor = stripeProcessor({ ...KEYS });
    expect(await processor.chargeOffSession(input("pm_declined"))).toMatchObject({
      status: "failed",
      intentId: "pi_no",
      declineCode: "insufficient_funds",
      reason: "Your card has insufficient funds",
    });
    expect(await processor.chargeOffSession(input("pm_3ds"))).toMatchObject({
      status: "failed",
      declineCode: "authentication_required",
    });
  });
});
