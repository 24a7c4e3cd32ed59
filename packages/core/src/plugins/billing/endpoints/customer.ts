import { z } from "zod";
import type { AppContext } from "../../../plugin";
import { defineEndpoint, queryBoolean } from "../../../plugin";
import { membershipRoles } from "../access";
import { customerState } from "../customers/state";
import { BILLING_ERRORS } from "../errors";
import { billingRoutes } from "../routes";
import { billingOf } from "../services";
import { serializeSubscriptions } from "../subscriptions/shape";
import type { SubscriptionStatus } from "../subscriptions/status";
import { paginated, paginationQuery } from "./schemas";

/** The signed-in user's customers (one per merchant they bought from), optionally of one merchant. */
async function customersOf(app: AppContext, userId: string, organizationId?: string) {
  return billingOf(app).customers.ofUser(userId, organizationId);
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
    const { items, total } = await billingOf(app).orders.pageForCustomers(
      customers.map((c) => c.id),
      query?.productBillingType,
      { page, limit },
    );
    return paginated(items, total, page, limit);
  },
});

/**
 * GET /customer/benefits/list: the signed-in user's benefit grants that are not revoked (granted,
 * or waiting on a fix such as a linked account, with the error), newest first, with properties.
 */
export const customerBenefits = defineEndpoint(billingRoutes.customerBenefits, {
  query: paginationQuery.optional(),
  auth: "session",
  async handler({ app, session, query }) {
    const window = pageOf(query ?? {});
    const customers = await customersOf(app, session.user.id, query?.organizationId);
    return billingOf(app).benefitGrants.listForCustomers(
      customers.map((c) => c.id),
      window,
    );
  },
});

/**
 * GET /customer/license-keys/list: the signed-in user's license keys, with their activations when
 * the benefit lets customers manage them.
 */
export const customerLicenseKeys = defineEndpoint(billingRoutes.customerLicenseKeys, {
  query: paginationQuery.optional(),
  auth: "session",
  async handler({ app, session, query }) {
    const customers = await customersOf(app, session.user.id, query?.organizationId);
    return billingOf(app).licenseKeys.listForCustomers(
      customers.map((c) => c.id),
      pageOf(query ?? {}),
    );
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
    let scope: { customerIds: string[] } | { referenceId: string };
    if (query?.referenceId) {
      const roles = await membershipRoles(app, query.referenceId, session.user.id);
      if (!roles) throw BILLING_ERRORS.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION();
      scope = { referenceId: query.referenceId };
    } else {
      const customers = await customersOf(app, session.user.id, query?.organizationId);
      if (customers.length === 0) return paginated([], 0, page, limit);
      scope = { customerIds: customers.map((c) => c.id) };
    }
    const statuses: SubscriptionStatus[] | null =
      query?.active === true
        ? ["active", "trialing"]
        : query?.active === false
          ? ["canceled", "unpaid"]
          : null;
    const { rows, total } = await billingOf(app).subscriptions.page(scope, statuses, { page, limit });
    return paginated(await serializeSubscriptions(app.adapter, rows), total, page, limit);
  },
});
