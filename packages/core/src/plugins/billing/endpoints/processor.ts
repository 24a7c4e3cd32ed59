import { z } from "zod";
import { defineEndpoint } from "../../../plugin";
import { BILLING_ERRORS } from "../errors";
import type { TestProcessor } from "../processors/test-processor";
import { billingRoutes } from "../routes";
import { billingOf } from "../services";

/**
 * POST /billing/processor/webhook: the payment processor's own webhook (Stripe events), verified
 * by the processor over the raw body and handled through the idempotent inbox.
 */
export const processorWebhook = defineEndpoint(billingRoutes.processorWebhook, {
  rawBody: true,
  async handler({ app, request }) {
    const billing = billingOf(app);
    if (!request) throw BILLING_ERRORS.VALIDATION_FAILED();
    let event: Awaited<ReturnType<typeof billing.ctx.processor.parseWebhook>>;
    try {
      event = await billing.ctx.processor.parseWebhook(request);
    } catch (error) {
      app.logger.warn("Rejected a processor webhook", error);
      return new Response(JSON.stringify({ message: "Invalid signature", code: "INVALID_SIGNATURE" }), {
        status: 400,
        headers: { "content-type": "application/json" },
      });
    }
    const outcome =
      event.type === "refund.updated"
        ? await billing.refunds.handleProcessorEvent(event)
        : await billing.checkouts.handleProcessorEvent(event);
    return { received: true, outcome };
  },
});

/**
 * POST /checkouts/client/{clientSecret}/test-authenticate {approve}: completes the test
 * processor's 3-D Secure challenge, as a buyer would in the bank's dialog. Only with the test
 * processor; the outcome reaches the engine as a processor event, like a real webhook.
 */
export const authenticateTestPayment = defineEndpoint(billingRoutes.authenticateTestPayment, {
  body: z.object({ approve: z.boolean() }),
  async handler({ app, params, body }) {
    const billing = billingOf(app);
    const processor = billing.ctx.processor as Partial<TestProcessor>;
    if (billing.ctx.processor.id !== "test" || !processor.authenticate)
      throw BILLING_ERRORS.CHECKOUT_NOT_FOUND();
    const checkout = await billing.checkouts.load(params.clientSecret ?? "");
    if (checkout.status !== "confirmed" || !checkout.intentId)
      throw BILLING_ERRORS.CHECKOUT_IS_NOT_OPEN({ status: checkout.status });
    const request = await processor.authenticate(checkout.intentId, body.approve, checkout.id);
    await billing.checkouts.handleProcessorEvent(await billing.ctx.processor.parseWebhook(request));
    return billing.checkouts.get(params.clientSecret ?? "");
  },
});
