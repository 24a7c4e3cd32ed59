import { z } from "zod";
import { queryBoolean } from "../../../plugin";
import { MAX_SEATS } from "../catalog/products/schemas";
import { paginated, paginationQuery } from "../endpoints/schemas";
import { subscriptionStates } from "../subscriptions/status";
import { merchantRead, merchantWrite } from "./define";
import { merchantRoutes as routes } from "./routes";

const scoped = { organizationId: z.string().optional() };
const idInput = z.object({ id: z.string().min(1), ...scoped });

/** GET /billing/subscriptions/list?customerId&productId&status&active&page&limit */
export const listSubscriptions = merchantRead(
  routes.listSubscriptions,
  paginationQuery.extend({
    customerId: z.string().optional(),
    productId: z.string().optional(),
    status: z.enum(subscriptionStates.statuses as [string, ...string[]]).optional(),
    active: queryBoolean.optional(),
  }),
  async (b, input) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    const { items, total } = await b.subscriptions.list(
      input.organizationId,
      {
        ...(input.customerId ? { customerId: input.customerId } : {}),
        ...(input.productId ? { productId: input.productId } : {}),
        ...(input.status && subscriptionStates.is(input.status) ? { status: input.status } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
      },
      { page, limit },
    );
    return paginated(items, total, page, limit);
  },
);

/** GET /billing/subscriptions/get?id= */
export const getSubscription = merchantRead(routes.getSubscription, idInput, async (b, input) =>
  b.subscriptions.shape(await b.subscriptions.ofMerchant(input.organizationId, input.id)),
);

const prorationBehavior = z.enum(["invoice", "prorate"]).optional();

/**
 * POST /billing/subscriptions/update {id, cancelAtPeriodEnd?, productId?, seats?, prorationBehavior?,
 * discountId?} (`seats`: seat-based subscriptions only, at least the price's minimum; `discountId`,
 * or null to remove it, alone, applied from the next renewal).
 */
export const updateSubscription = merchantWrite(
  routes.updateSubscription,
  idInput.extend({
    cancelAtPeriodEnd: z.boolean().optional(),
    productId: z.string().min(1).max(128).optional(),
    seats: z
      .number({ error: "Seats must be a whole number" })
      .int("Seats must be a whole number")
      .min(1, "Seats must be at least 1")
      .max(MAX_SEATS, `Seats must be at most ${MAX_SEATS}`)
      .optional(),
    prorationBehavior,
    discountId: z.string().min(1).max(256).nullable().optional(),
  }),
  async (b, input) => {
    const sub = await b.subscriptions.ofMerchant(input.organizationId, input.id);
    return b.subscriptions.shape(await b.subscriptions.applyUpdate(sub, input));
  },
);

/** POST /billing/subscriptions/revoke {id}: ends now, pending orders voided. */
export const revokeSubscription = merchantWrite(routes.revokeSubscription, idInput, async (b, input) => {
  const sub = await b.subscriptions.ofMerchant(input.organizationId, input.id);
  return b.subscriptions.shape(await b.subscriptions.revoke(sub));
});

/** POST /billing/subscriptions/preview-change {id, productId, prorationBehavior?}: amounts, nothing changed. */
export const previewSubscriptionChange = merchantWrite(
  routes.previewSubscriptionChange,
  idInput.extend({ productId: z.string().min(1), prorationBehavior }),
  async (b, input) => {
    const sub = await b.subscriptions.ofMerchant(input.organizationId, input.id);
    return b.subscriptions.previewChange(sub, input.productId, input.prorationBehavior);
  },
);
