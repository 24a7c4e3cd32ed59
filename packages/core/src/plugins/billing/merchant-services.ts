import { createBenefitService } from "./catalog/benefits/service";
import { createCustomFieldService } from "./catalog/custom-fields/service";
import { createMeterService } from "./catalog/meters/service";
import { createProductService } from "./catalog/products/service";
import type { BillingContext } from "./context";
import type { CustomerService } from "./customers/service";
import { createDiscountService } from "./discounts/service";
import { createMerchantCustomerService } from "./merchant-api/customer-service";
import type { MerchantService } from "./merchants/service";
import { createMerchantSettingsService } from "./merchants/settings";
import { createUsageService } from "./usage/service";

/**
 * The merchant-side services, as `auth.billing.<area>.<verb>(...)`: products (and their prices),
 * benefits, customFields, meters, usage (events and meter quantities), discounts, merchantCustomers and organization (the merchant's
 * profile and settings). Every input names its merchant with `organizationId` (omitted: the
 * default merchant when the organization plugin is not installed).
 */
export function createCatalogServices(
  ctx: BillingContext,
  merchants: MerchantService,
  customers: CustomerService,
) {
  return {
    products: createProductService(ctx, merchants),
    benefits: createBenefitService(ctx, merchants),
    customFields: createCustomFieldService(ctx, merchants),
    meters: createMeterService(ctx, merchants),
    usage: createUsageService(ctx, merchants),
    discounts: createDiscountService(ctx, merchants),
    merchantCustomers: createMerchantCustomerService(ctx, merchants, customers),
    organization: createMerchantSettingsService(merchants),
  };
}

export type CatalogServices = ReturnType<typeof createCatalogServices>;
