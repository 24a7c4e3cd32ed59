import { definePlugin } from "../../plugin/define-plugin";
// The organization plugin's event names (declaration merging), heard for seats.
import type {} from "../organization/events";
import { createSignUpCustomers } from "./customers/sign-up";
import { checkout } from "./endpoints/checkout";
import { confirmClientCheckout, getClientCheckout, updateClientCheckout } from "./endpoints/checkout-client";
import { checkoutPage } from "./endpoints/checkout-page";
import {
  customerBenefits,
  customerLicenseKeys,
  customerOrders,
  customerStateEndpoint,
  customerSubscriptions,
} from "./endpoints/customer";
import { customerCancelSubscription, customerUpdateSubscription } from "./endpoints/customer-subscriptions";
import { customerDownloadables, downloadDownloadable, productMedia } from "./endpoints/downloadables";
import { activateLicenseKey, deactivateLicenseKey, validateLicenseKey } from "./endpoints/license-keys";
import {
  createCustomerPortalSession,
  customerPortal,
  customerPortalInvoicePage,
  customerPortalPage,
} from "./endpoints/portal";
import * as portalAccountApi from "./endpoints/portal-account-api";
import * as portalApi from "./endpoints/portal-api";
import { authenticateTestPayment, processorWebhook } from "./endpoints/processor";
import { usageIngest, usageMeters } from "./endpoints/usage";
import * as webhookEndpoints from "./endpoints/webhooks";
import { merchantEndpoints } from "./merchant-api";
import type { BillingOptions } from "./options";
import { billingSchema } from "./schema";
import { billingOf, createBillingServices } from "./services";

export const billingEndpoints = {
  checkout,
  customerState: customerStateEndpoint,
  customerOrders,
  customerBenefits,
  customerLicenseKeys,
  customerSubscriptions,
  customerUpdateSubscription,
  customerCancelSubscription,
  customerDownloadables,
  downloadDownloadable,
  productMedia,
  usageIngest,
  usageMeters,
  validateLicenseKey,
  activateLicenseKey,
  deactivateLicenseKey,
  getClientCheckout,
  updateClientCheckout,
  confirmClientCheckout,
  authenticateTestPayment,
  processorWebhook,
  checkoutPage,
  customerPortal,
  customerPortalPage,
  customerPortalInvoicePage,
  createCustomerPortalSession,
  portalOverview: portalApi.portalOverview,
  portalOrders: portalApi.portalOrders,
  portalInvoice: portalApi.portalInvoice,
  portalSubscriptions: portalApi.portalSubscriptions,
  portalCancelSubscription: portalApi.portalCancelSubscription,
  portalUncancelSubscription: portalApi.portalUncancelSubscription,
  portalPreviewChange: portalApi.portalPreviewChange,
  portalChangePlan: portalApi.portalChangePlan,
  ...portalAccountApi,
  ...webhookEndpoints,
  ...merchantEndpoints,
};

/**
 * The billing engine: catalog, customers, discounts, checkout, orders, subscriptions and webhooks
 * on the app's own database; a payment processor only moves money.
 *
 *   createAuth({ plugins: [organization(), billing({ processor: stripeProcessor({...}) })] })
 */
export function billing(options: BillingOptions = {}) {
  return definePlugin({
    id: "billing",
    schema: billingSchema,
    endpoints: billingEndpoints,
    options,
    services: (app) => createBillingServices(app, options),
    setup(app) {
      const services = billingOf(app);
      if (options.createCustomerOnSignUp) {
        app.events.on("user.created", ({ user }) => createSignUpCustomers(services, options, user));
      }
      // Seats follow membership (organization plugin events, emitted after the change commits).
      const syncSeats = ({ organizationId }: { organizationId: string }) =>
        services.subscriptions.syncSeats(organizationId).then(() => undefined);
      app.events.on("organization.member.added", syncSeats);
      app.events.on("organization.member.removed", syncSeats);
      // A linked account (Discord, GitHub) lets the grants that waited for it go through.
      app.events.on("account.created", async ({ account }) => {
        if (account.providerId === "credential") return;
        await services.benefitGrants
          .retryForUser(account.userId)
          .catch((error: unknown) => app.logger.error("billing: rescheduling benefit grants failed", error));
      });
      if (options.runInterval && options.runInterval > 0) {
        const timer = setInterval(() => {
          services.runDue().catch((error: unknown) => app.logger.error("billing runDue failed", error));
        }, options.runInterval);
        timer.unref?.();
      }
    },
  });
}

export { type FileStorage, localFileStorage, memoryFileStorage } from "./benefit-grants/storage";
export type { BenefitOptions, GitHubTokenInput } from "./benefit-grants/strategies/options";
export { BILLING_ERROR_CODES } from "./error-codes";
export { BILLING_EVENT_TYPES, type BillingEvent, type BillingEventType } from "./events";
export type { FileOptions } from "./files/options";
export type { BillingOptions, ConfiguredProduct, TaxInput } from "./options";
export type {
  PaymentProcessor,
  PaymentResult,
  PaymentStatus,
  PaymentStatusInput,
  ProcessorEvent,
} from "./processors/processor";
export {
  type RefundInput,
  type RefundReason,
  type RefundResult,
  type StripeProcessor,
  type StripeProcessorOptions,
  type StripeSdk,
  stripeProcessor,
} from "./processors/stripe";
export {
  TEST_PAYMENT_METHODS,
  type TestProcessorOptions,
  type TestRefundOutcome,
  testProcessor,
} from "./processors/test-processor";
export type { SerializedRefund } from "./refunds/serialize";
export type { BillingServices } from "./services";
