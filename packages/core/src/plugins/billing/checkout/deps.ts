import type { BillingContext } from "../context";
import type { CustomerService } from "../customers/service";
import type { MerchantService } from "../merchants/service";
import type { OrderService } from "../orders/service";
import type { SubscriptionService } from "../subscriptions/service";

/** What the checkout flows need from the other billing domains. */
export interface CheckoutDeps {
  readonly ctx: BillingContext;
  readonly merchants: MerchantService;
  readonly customers: CustomerService;
  readonly orders: OrderService;
  readonly subscriptions: SubscriptionService;
}
