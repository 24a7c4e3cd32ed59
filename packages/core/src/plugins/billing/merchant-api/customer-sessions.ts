import { defineEndpoint } from "../../../plugin";
import { merchantFor } from "../access";
import { portalSessionInput } from "../portal/service";
import { billingOf } from "../services";
import { merchantRoutes as routes } from "./routes";

/**
 * POST /billing/customer-sessions/create {customerId, returnUrl?}: a customer portal session
 * (Polar's customer sessions) to link a customer to from the merchant's own UI.
 */
export const createCustomerSession = defineEndpoint(routes.createCustomerSession, {
  body: portalSessionInput,
  auth: "session",
  noStore: true,
  async handler({ app, session, body, request }) {
    const billing = billingOf(app);
    const merchant = await merchantFor(app, billing.merchants, session, body.organizationId, "manage");
    return billing.portal.createSession({ ...body, organizationId: merchant.id }, request);
  },
});
