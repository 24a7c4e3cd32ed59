import { z } from "zod";
import type { AppContext } from "../../../plugin";
import { defineEndpoint } from "../../../plugin";
import { hasBillingGrant } from "../access";
import { BILLING_ERRORS } from "../errors";
import { billingRoutes } from "../routes";
import { billingOf } from "../services";
import { CANCELLATION_REASONS } from "../subscriptions/lifecycle";

const reasonFields = {
  cancellationReason: z.enum(CANCELLATION_REASONS).nullish(),
  cancellationComment: z.string().max(1000).nullish(),
};

/**
 * The subscription if the user may act on it: one of their own customers', or their
 * organization's (`referenceId`) when they hold the billing manage permission there. Anything
 * else is 404, so other customers' subscriptions are not revealed.
 */
async function ownSubscription(app: AppContext, userId: string, id: string) {
  const billing = billingOf(app);
  const sub = await billing.subscriptions.findById(id);
  if (!sub) throw BILLING_ERRORS.SUBSCRIPTION_NOT_FOUND();
  const customers = await billing.customers.ofUser(userId);
  if (customers.some((c) => c.id === sub.customerId)) return sub;
  if (sub.referenceId && (await hasBillingGrant(app, userId, sub.referenceId, "manage"))) return sub;
  throw BILLING_ERRORS.SUBSCRIPTION_NOT_FOUND();
}

/**
 * POST /customer/subscriptions/update {subscriptionId, cancelAtPeriodEnd?, cancellationReason?,
 * cancellationComment?, productId?}
 */
export const customerUpdateSubscription = defineEndpoint(billingRoutes.customerUpdateSubscription, {
  body: z.object({
    subscriptionId: z.string().min(1),
    cancelAtPeriodEnd: z.boolean().optional(),
    productId: z.string().min(1).optional(),
    ...reasonFields,
  }),
  auth: "session",
  async handler({ app, session, body }) {
    const sub = await ownSubscription(app, session.user.id, body.subscriptionId);
    const billing = billingOf(app);
    if (body.productId) {
      // Buyer plan changes follow the merchant's `allowCustomerUpdates` and proration default.
      const merchant = await billing.merchants.byId(sub.merchantId);
      if (merchant.subscriptionSettings?.allowCustomerUpdates === false)
        throw BILLING_ERRORS.SUBSCRIPTION_UPDATES_ARE_NOT_ALLOWED();
    }
    return billing.subscriptions.shape(await billing.subscriptions.applyUpdate(sub, body));
  },
});

/** POST /customer/subscriptions/cancel {subscriptionId, cancellationReason?, cancellationComment?}: at period end. */
export const customerCancelSubscription = defineEndpoint(billingRoutes.customerCancelSubscription, {
  body: z.object({ subscriptionId: z.string().min(1), ...reasonFields }),
  auth: "session",
  async handler({ app, session, body }) {
    const sub = await ownSubscription(app, session.user.id, body.subscriptionId);
    const billing = billingOf(app);
    const updated = await billing.subscriptions.applyUpdate(sub, { ...body, cancelAtPeriodEnd: true });
    return billing.subscriptions.shape(updated);
  },
});
