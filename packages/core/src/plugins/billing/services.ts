import type { AppContext } from "../../plugin";
import { createBenefitGrantService } from "./benefit-grants/service";
import { createCheckoutReads } from "./checkout/reads";
import { createCheckoutService } from "./checkout/service";
import { createBillingContext, resolveBillingOptions } from "./create-context";
import { createCustomerService } from "./customers/service";
import { createDownloadService } from "./files/downloads";
import { createFileService } from "./files/service";
import { createLicenseKeyService } from "./license-keys/service";
import { createCatalogServices } from "./merchant-services";
import { createMerchantService } from "./merchants/service";
import type { BillingOptions } from "./options";
import { createOrderReads } from "./orders/reads";
import { createOrderService } from "./orders/service";
import { createPortalService } from "./portal/service";
import { createRefundService } from "./refunds/service";
import { createSubscriptionOps } from "./subscriptions/manage";
import { createSubscriptionService } from "./subscriptions/service";
import { createWebhookService } from "./webhooks/service";

/** Every billing service, built once at init; reachable as `auth.billing` and `app.services.billing`. */
export function createBillingServices(app: AppContext, options: BillingOptions) {
  const ctx = createBillingContext(app, resolveBillingOptions(options));
  const merchants = createMerchantService(ctx);
  const customers = createCustomerService(ctx);
  const orders = createOrderService(ctx, merchants);
  const subscriptions = {
    ...createSubscriptionService(ctx),
    ...createSubscriptionOps(ctx, merchants, orders),
  };
  const checkouts = createCheckoutService({ ctx, merchants, customers, orders, subscriptions });
  const webhooks = createWebhookService(ctx);
  const catalog = createCatalogServices(ctx, merchants, customers);
  const refunds = createRefundService(ctx, merchants, orders);
  const files = createFileService(ctx, merchants);
  const downloads = createDownloadService(ctx, files);
  const portal = createPortalService(ctx, merchants);
  const benefitGrants = createBenefitGrantService(ctx, merchants);
  // Downloads hand out the files of the customer's carried-out downloadables grants.
  downloads.readGrantsWith(benefitGrants.currentOf);
  const licenseKeys = createLicenseKeyService(ctx, merchants);

  /**
   * Background work, safe to call from several instances at once: settles checkouts left
   * confirmed past their lease (asking the processor), expires checkouts, renews due subscriptions
   * and charges due orders (dunning), runs due benefit grant jobs (grant, revoke, cycle, update),
   * and delivers due webhooks. Call it from a cron or queue (or set `runInterval` in development).
   */
  async function runDue() {
    const reconciled = await checkouts.reconcile();
    const checkoutsResult = await checkouts.sweep();
    // Renewals and off-session charges (dunning included), before webhook delivery.
    const subscriptionsResult = await subscriptions.runDue();
    // After renewals and charges (they queue cycles and revokes), outside their transactions.
    const benefitGrantsResult = await benefitGrants.runDue();
    // After the sweep, so the events it emitted go out in this run.
    const webhooksResult = await webhooks.deliverDue();
    return {
      checkouts: checkoutsResult,
      reconciled,
      subscriptions: subscriptionsResult,
      benefitGrants: benefitGrantsResult,
      webhooks: webhooksResult,
    };
  }

  return {
    ctx,
    merchants,
    customers,
    /** Orders; `list`, `get`, `invoice` are the merchant reads (`GET /billing/orders/*`). */
    orders: { ...orders, ...createOrderReads(ctx, merchants, orders) },
    subscriptions,
    /** Checkouts; `list` and `byId` are the merchant reads (`GET /billing/checkouts/*`). */
    checkouts: { ...checkouts, ...createCheckoutReads(ctx, merchants) },
    webhooks,
    ...catalog,
    refunds,
    files,
    downloads,
    /** Customer portal sessions: `portal.createSession({ customerId, returnUrl? })`. */
    portal,
    benefitGrants,
    licenseKeys,
    runDue,
  };
}

export type BillingServices = ReturnType<typeof createBillingServices>;

export function billingOf(app: AppContext): BillingServices {
  const services = app.services.billing as BillingServices | undefined;
  if (!services) throw new Error("The billing plugin is not installed");
  return services;
}
