/**
 * The portal's benefit, usage, payment method and billing details calls (browser-safe data): the
 * portal token in the path is the only credential, so none is a client method; and the server-only
 * session call.
 */
const api = (method: "GET" | "POST", path: string) =>
  ({ method, path: `/customer-portal/:token/api/${path}`, clientHidden: true }) as const;

export const portalAccountRoutes = {
  portalBenefits: api("GET", "benefits"),
  portalRevealLicenseKey: api("GET", "license-keys/reveal"),
  portalDeactivateActivation: api("POST", "license-keys/deactivate"),
  portalUsage: api("GET", "usage"),
  portalPaymentMethods: api("GET", "payment-methods"),
  portalUpdatePaymentMethod: api("POST", "payment-methods/update"),
  portalUpdateBillingDetails: api("POST", "billing-details/update"),
  /**
   * `auth.api.createCustomerPortalSession({ body: { customerId, returnUrl? } })`: server only (not
   * routed), no HTTP session; a merchant's own server links a customer to the portal.
   */
  createCustomerPortalSession: {
    method: "POST",
    path: "/billing/customer-portal/sessions/create",
    serverOnly: true,
  },
} as const;
