import { defineEndpoint } from "../../../router/endpoint";
import { merchantForCaller } from "../access";
import { portalSessionInput } from "../portal/service";
import { billingOf } from "../services";
import { merchantRoutes as routes } from "./routes";

/**
 * POST /billing/customer-sessions/create {customerId, returnUrl?}: a customer portal session
 * (Polar's customer sessions) to link a customer to from the merchant's own UI.
 */
export const createCustomerSession = defineEndpoint(routes.createCustomerSession, {
  body: portalSessionInput,
  auth: "optional",
  principal: true,
  noStore: true,
  async handler({ app, session, principal, body, request }) {
    const billing = billingOf(app);
    const merchant = await merchantForCaller(
      app,
      billing.merchants,
      { session, principal },
      body.organizationId,
      "manage",
    );
    return billing.portal.createSession({ ...body, organizationId: merchant.id }, request);
  },
});
