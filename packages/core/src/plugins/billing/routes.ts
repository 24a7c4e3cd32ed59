import { merchantRoutes } from "./merchant-api/routes";
import { portalAccountRoutes } from "./portal/routes";

/**
 * Billing route manifest (browser-safe data). Buyer routes keep the paths of
 * `@polar-sh/better-auth` and Polar's checkout client API, so existing clients move over unchanged.
 */
export const billingRoutes = {
  checkout: { method: "POST", path: "/checkout", invalidates: ["customerState"] },
  customerState: { method: "GET", path: "/customer/state" },
  customerOrders: { method: "GET", path: "/customer/orders/list" },
  customerBenefits: { method: "GET", path: "/customer/benefits/list" },
  customerSubscriptions: { method: "GET", path: "/customer/subscriptions/list" },
  customerDownloadables: { method: "GET", path: "/customer/downloadables/list" },
  // A public image address (product media), not a JSON client method.
  productMedia: { method: "GET", path: "/product-media/:id", clientHidden: true },
  // A link to follow (or hand to a download manager), not a JSON client method.
  downloadDownloadable: { method: "GET", path: "/customer/downloadables/download", clientHidden: true },
  customerLicenseKeys: { method: "GET", path: "/customer/license-keys/list" },
  /** Public (no session): the key and `organizationId` are the credentials, as Polar's portal API. */
  validateLicenseKey: { method: "POST", path: "/customer/license-keys/validate" },
  activateLicenseKey: { method: "POST", path: "/customer/license-keys/activate" },
  deactivateLicenseKey: { method: "POST", path: "/customer/license-keys/deactivate" },
  customerUpdateSubscription: {
    method: "POST",
    path: "/customer/subscriptions/update",
    invalidates: ["customerState"],
  },
  customerCancelSubscription: {
    method: "POST",
    path: "/customer/subscriptions/cancel",
    invalidates: ["customerState"],
  },
  usageIngest: { method: "POST", path: "/usage/ingest", invalidates: ["customerState"] },
  usageMeters: { method: "GET", path: "/usage/meters/list" },
  getClientCheckout: { method: "GET", path: "/checkouts/client/:clientSecret" },
  updateClientCheckout: { method: "PATCH", path: "/checkouts/client/:clientSecret" },
  confirmClientCheckout: {
    method: "POST",
    path: "/checkouts/client/:clientSecret/confirm",
    invalidates: ["customerState"],
  },
  authenticateTestPayment: { method: "POST", path: "/checkouts/client/:clientSecret/test-authenticate" },
  checkoutPage: { method: "GET", path: "/checkout/:clientSecret" },
  /** A customer portal session for the signed-in user (`@polar-sh/better-auth`'s `customer.portal()`). */
  customerPortal: { method: ["GET", "POST"], path: "/customer/portal" },
  /** The portal page and its JSON calls: the portal token in the path is the only credential. */
  customerPortalPage: { method: "GET", path: "/customer-portal/:token", clientHidden: true },
  customerPortalInvoicePage: {
    method: "GET",
    path: "/customer-portal/:token/invoices/:orderId",
    clientHidden: true,
  },
  portalOverview: { method: "GET", path: "/customer-portal/:token/api/overview", clientHidden: true },
  portalOrders: { method: "GET", path: "/customer-portal/:token/api/orders", clientHidden: true },
  portalInvoice: {
    method: "GET",
    path: "/customer-portal/:token/api/orders/:orderId/invoice",
    clientHidden: true,
  },
  portalSubscriptions: {
    method: "GET",
    path: "/customer-portal/:token/api/subscriptions",
    clientHidden: true,
  },
  portalCancelSubscription: {
    method: "POST",
    path: "/customer-portal/:token/api/subscriptions/cancel",
    clientHidden: true,
  },
  portalUncancelSubscription: {
    method: "POST",
    path: "/customer-portal/:token/api/subscriptions/uncancel",
    clientHidden: true,
  },
  portalPreviewChange: {
    method: "POST",
    path: "/customer-portal/:token/api/subscriptions/preview-change",
    clientHidden: true,
  },
  portalChangePlan: {
    method: "POST",
    path: "/customer-portal/:token/api/subscriptions/change-plan",
    clientHidden: true,
  },
  ...portalAccountRoutes,
  processorWebhook: { method: "POST", path: "/billing/processor/webhook" },
  createWebhookEndpoint: { method: "POST", path: "/billing/webhooks/endpoints/create" },
  listWebhookEndpoints: { method: "GET", path: "/billing/webhooks/endpoints/list" },
  getWebhookEndpoint: { method: "GET", path: "/billing/webhooks/endpoints/get" },
  updateWebhookEndpoint: { method: "POST", path: "/billing/webhooks/endpoints/update" },
  deleteWebhookEndpoint: { method: "POST", path: "/billing/webhooks/endpoints/delete" },
  rotateWebhookEndpointSecret: { method: "POST", path: "/billing/webhooks/endpoints/rotate-secret" },
  listWebhookDeliveries: { method: "GET", path: "/billing/webhooks/deliveries/list" },
  redeliverWebhookEvent: { method: "POST", path: "/billing/webhooks/events/redeliver" },
  ...merchantRoutes,
} as const;
