import * as catalog from "./models";
import * as flow from "./models-flow";
import * as grants from "./models-grants";

/** Every billing model, as a plugin schema (new models, merged into the app's schema at init). */
export const billingSchema = {
  billingMerchant: { fields: catalog.merchantFields },
  billingCustomer: {
    fields: catalog.customerFields,
    indexes: [{ fields: ["merchantId", "externalId"], unique: true }],
  },
  billingMeter: { fields: catalog.meterFields },
  billingProduct: { fields: catalog.productFields },
  billingPrice: { fields: catalog.priceFields },
  billingBenefit: { fields: catalog.benefitFields },
  billingProductBenefit: {
    fields: catalog.productBenefitFields,
    indexes: [{ fields: ["productId", "benefitId"], unique: true }],
  },
  billingCustomField: {
    fields: catalog.customFieldFields,
    indexes: [{ fields: ["merchantId", "slug"], unique: true }],
  },
  billingProductCustomField: {
    fields: catalog.productCustomFieldFields,
    indexes: [{ fields: ["productId", "customFieldId"], unique: true }],
  },
  billingDiscount: {
    fields: catalog.discountFields,
    indexes: [{ fields: ["merchantId", "codeKey"], unique: true }],
  },
  billingDiscountProduct: {
    fields: catalog.discountProductFields,
    indexes: [{ fields: ["discountId", "productId"], unique: true }],
  },
  billingDiscountRedemption: { fields: catalog.discountRedemptionFields },
  billingFile: { fields: catalog.fileFields },
  billingCheckout: { fields: flow.checkoutFields },
  billingOrder: {
    fields: flow.orderFields,
    indexes: [{ fields: ["merchantId", "invoiceNumber"], unique: true }],
  },
  billingOrderItem: { fields: flow.orderItemFields },
  billingSubscription: { fields: flow.subscriptionFields },
  billingRefund: { fields: flow.refundFields },
  billingWebhookEndpoint: { fields: flow.webhookEndpointFields },
  billingWebhookEvent: { fields: flow.webhookEventFields },
  billingWebhookDelivery: { fields: flow.webhookDeliveryFields },
  billingEvent: {
    fields: flow.usageEventFields,
    indexes: [
      { fields: ["merchantId", "customerId", "name", "timestamp"] },
      { fields: ["merchantId", "externalId"], unique: true },
    ],
  },
  billingBenefitGrant: {
    fields: grants.benefitGrantFields,
    indexes: [{ fields: ["customerId", "benefitId", "scope"], unique: true }],
  },
  billingLicenseKey: {
    fields: grants.licenseKeyFields,
    indexes: [{ fields: ["customerId", "benefitId"], unique: true }],
  },
  billingLicenseKeyActivation: { fields: grants.licenseKeyActivationFields },
  billingMeterCredit: { fields: grants.meterCreditFields },
  billingProcessorEvent: {
    fields: flow.processorEventFields,
    indexes: [{ fields: ["processor", "externalId"], unique: true }],
  },
  billingPortalSession: { fields: flow.portalSessionFields },
} as const;

export type BillingModelName = keyof typeof billingSchema;
