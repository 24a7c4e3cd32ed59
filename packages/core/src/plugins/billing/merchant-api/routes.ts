/**
 * Merchant-side routes (browser-safe data): RPC style like better-auth, under /billing. Writes are
 * POST with a JSON body, reads GET with a query; each names its merchant with `organizationId`
 * (default: the session's active organization).
 */
const post = <const P extends string>(path: P) =>
  ({ method: "POST", path: `/billing/${path}` as const }) as const;
const get = <const P extends string>(path: P) =>
  ({ method: "GET", path: `/billing/${path}` as const }) as const;

export const merchantRoutes = {
  createProduct: post("products/create"),
  updateProduct: post("products/update"),
  archiveProduct: post("products/archive"),
  getProduct: get("products/get"),
  listProducts: get("products/list"),
  createBenefit: post("benefits/create"),
  updateBenefit: post("benefits/update"),
  deleteBenefit: post("benefits/delete"),
  getBenefit: get("benefits/get"),
  listBenefits: get("benefits/list"),
  listBenefitGrants: get("benefit-grants/list"),
  listLicenseKeys: get("license-keys/list"),
  getLicenseKey: get("license-keys/get"),
  updateLicenseKey: post("license-keys/update"),
  createCustomField: post("custom-fields/create"),
  updateCustomField: post("custom-fields/update"),
  deleteCustomField: post("custom-fields/delete"),
  getCustomField: get("custom-fields/get"),
  listCustomFields: get("custom-fields/list"),
  createMeter: post("meters/create"),
  updateMeter: post("meters/update"),
  archiveMeter: post("meters/archive"),
  getMeter: get("meters/get"),
  listMeters: get("meters/list"),
  createDiscount: post("discounts/create"),
  updateDiscount: post("discounts/update"),
  deleteDiscount: post("discounts/delete"),
  getDiscount: get("discounts/get"),
  listDiscounts: get("discounts/list"),
  createCustomer: post("customers/create"),
  updateCustomer: post("customers/update"),
  deleteCustomer: post("customers/delete"),
  getCustomer: get("customers/get"),
  listCustomers: get("customers/list"),
  getCustomerState: get("customers/state"),
  createRefund: post("refunds/create"),
  getRefund: get("refunds/get"),
  listRefunds: get("refunds/list"),
  getBillingOrganization: get("organization"),
  updateBillingOrganization: post("organization/update"),
  listSubscriptions: get("subscriptions/list"),
  getSubscription: get("subscriptions/get"),
  updateSubscription: { ...post("subscriptions/update"), invalidates: ["customerState"] },
  revokeSubscription: { ...post("subscriptions/revoke"), invalidates: ["customerState"] },
  previewSubscriptionChange: post("subscriptions/preview-change"),
} as const;
