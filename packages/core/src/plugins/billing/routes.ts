import { merchantRoutes } from "./merchant-api/routes";

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
  getClientCheckout: { method: "GET", path: "/checkouts/client/:clientSecret" },
  updateClientCheckout: { method: "PATCH", path: "/checkouts/client/:clientSecret" },
  confirmClientCheckout: {
    method: "POST",
    path: "/checkouts/client/:clientSecret/confirm",
    invalidates: ["customerState"],
  },
  authenticateTestPayment: { method: "POST", path: "/checkouts/client/:clientSecret/test-authenticate" },
  checkoutPage: { method: "GET", path: "/checkout/:clientSecret" },
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
