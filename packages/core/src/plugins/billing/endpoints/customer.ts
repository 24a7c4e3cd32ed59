import { z } from "zod";
import type { AppContext } from "../../../context/app-context";
import type { Where } from "../../../db/where";
import { defineEndpoint } from "../../../router/endpoint";
import { queryBoolean } from "../../../router/schemas";
import { membershipRoles } from "../access";
import type { CustomerRow } from "../customers/serialize";
import { customerState } from "../customers/state";
import { BILLING_ERRORS } from "../errors";
import type { OrderRow } from "../orders/serialize";
import { billingRoutes } from "../routes";
import { billingOf } from "../services";
import { type SubscriptionRow, subscriptionCore } from "../subscriptions/serialize";
import { paginated, paginationQuery } from "./schemas";

/** The signed-in user's customers (one per merchant they bought from), optionally of one merchant. */
async function customersOf(app: AppContext, userId: string, organizationId?: string) {
  return app.adapter.findMany<CustomerRow>({
    model: "billingCustomer",
    where: [
      { field: "externalId", value: userId },
      { field: "deletedAt", value: null },
      ...(organizationId ? [{ field: "merchantId", value: organizationId }] : []),
    ],
    sortBy: { field: "createdAt", direction: "asc" },
  });
}

const pageOf = (q: { page?: number; limit?: number }) => ({ page: q.page ?? 1, limit: q.limit ?? 10 });

/** GET /customer/state: customer, active subscriptions, granted benefits, meters. */
export const customerStateEndpoint = defineEndpoint(billingRoutes.customerState, {
  query: z.object({ organizationId: z.string().optional() }).optional(),
  auth: "session",
  async handler({ app, session, query }) {
    const [customer] = await customersOf(app, session.user.id, query?.organizationId);
    if (!customer) throw BILLING_ERRORS.CUSTOMER_NOT_FOUND();
    return customerState(app.adapter, customer);
  },
});

/** GET /customer/orders/list?page&limit&productBillingType=recurring|one_time */
export const customerOrders = defineEndpoint(billingRoutes.customerOrders, {
  query: paginationQuery
    .extend({ productBillingType: z.enum(["recurring", "one_time"]).optional() })
    .optional(),
  auth: "session",
  async handler({ app, session, query }) {
    const { page, limit } = pageOf(query ?? {});
    const customers = await customersOf(app, session.user.id, query?.organizationId);
    if (customers.length === 0) return paginated([], 0, page, limit);
    const where: Where = [
      { field: "customerId", operator: "in", value: customers.map((c) => c.id) },
      ...(query?.productBillingType === "recurring"
        ? [{ field: "subscriptionId", operator: "ne" as const, value: null }]
        : []),
      ...(query?.productBillingType === "one_time" ? [{ field: "subscriptionId", value: null }] : []),
    ];
    const [rows, total] = await Promise.all([
      app.adapter.findMany<OrderRow>({
        model: "billingOrder",
        where,
        sortBy: { field: "createdAt", direction: "desc" },
        limit,
        offset: (page - 1) * limit,
      }),
      app.adapter.count({ model: "billingOrder", where }),
    ]);
    return paginated(await billingOf(app).orders.serializeMany(app.adapter, rows), total, page, limit);
  },
});

/** GET /customer/benefits/list: granted benefits (granted by benefit strategies, billing part 2). */
export const customerBenefits = defineEndpoint(billingRoutes.customerBenefits, {
  query: paginationQuery.optional(),
  auth: "session",
  handler({ query }) {
    const { page, limit } = pageOf(query ?? {});
    return paginated([] as unknown[], 0, page, limit);
  },
});

/**
 * GET /customer/subscriptions/list?referenceId&active&page&limit. With referenceId: the
 * organization's subscriptions, for its members only (the upstream plugin does not check).
 */
export const customerSubscriptions = defineEndpoint(billingRoutes.customerSubscriptions, {
  query: paginationQuery
    .extend({ referenceId: z.string().optional(), active: queryBoolean.optional() })
    .optional(),
  auth: "session",
  async handler({ app, session, query }) {
    const { page, limit } = pageOf(query ?? {});
    let scope: Where;
    if (query?.referenceId) {
      const roles = await membershipRoles(app, query.referenceId, session.user.id);
      if (!roles) throw BILLING_ERRORS.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION();
      scope = [{ field: "referenceId", value: query.referenceId }];
    } else {
      const customers = await customersOf(app, session.user.id, query?.organizationId);
      if (customers.length === 0) return paginated([], 0, page, limit);
      scope = [{ field: "customerId", operator: "in", value: customers.map((c) => c.id) }];
    }
    const statuses =
      query?.active === true
        ? ["active", "trialing"]
        : query?.active === false
          ? ["canceled", "unpaid"]
          : null;
    const where: Where = [
      ...scope,
      ...(statuses ? [{ field: "status", operator: "in" as const, value: statuses }] : []),
    ];
    const [rows, total] = await Promise.all([
      app.adapter.findMany<SubscriptionRow>({
        model: "billingSubscription",
        where,
        sortBy: { field: "createdAt", direction: "desc" },
        limit,
        offset: (page - 1) * limit,
      }),
      app.adapter.count({ model: "billingSubscription", where }),
    ]);
    return paginated(rows.map(subscriptionCore), total, page, limit);
  },
});
