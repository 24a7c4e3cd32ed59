import { defineClientPlugin } from "../../plugin/client";
import { BILLING_ERROR_CODES } from "./error-codes";
import type { billing } from "./index";
import { billingRoutes } from "./routes";

type BillingPlugin = ReturnType<typeof billing>;

/**
 * The billing plugin for the browser client, with the method names of `@polar-sh/better-auth`'s
 * client: `client.checkout({ slug })` (navigates to the checkout page), `client.customer.state()`,
 * `client.customer.orders.list({ query })`, `client.customer.subscriptions.list(...)`,
 * `client.customer.benefits.list(...)` (the buyer's benefit grants), `client.customer.portal()`
 * (navigates to the customer portal), the public license key calls
 * `client.customer.licenseKeys.validate|activate|deactivate({ key, organizationId, ... })`, the
 * merchant's `client.billing.benefitGrants.list`, `client.billing.licenseKeys.list|get|update`,
 * the merchant reads (`client.billing.orders.list|get|invoice`, `client.billing.checkouts.list|get`),
 * and the store `$customerState` (`useCustomerState` in React), refreshed after checkouts. Imports
 * no server code.
 */
export const billingClient = () =>
  defineClientPlugin({
    id: "billing",
    routes: billingRoutes,
    errorCodes: BILLING_ERROR_CODES,
    $InferServerPlugin: {} as BillingPlugin,
    atoms: (ctx) => ({
      $customerState: ctx.query(
        () => ctx.$fetch<Record<string, unknown>>(billingRoutes.customerState.path, { method: "GET" }),
        ["customerState", "session"],
      ),
    }),
  });

export type BillingClientPlugin = ReturnType<typeof billingClient>;
