import { z } from "zod";
import { billingAddressSchema, metadataSchema, taxIdSchema } from "../customers/validate";

export const customFieldDataSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);

/** PATCH / confirm body of the client-secret API (Polar's checkout client fields). */
export const checkoutPatchSchema = z.object({
  productId: z.string().optional(),
  productPriceId: z.string().optional(),
  amount: z.number().int().nullish(),
  discountCode: z.string().max(256).nullish(),
  customerName: z.string().max(256).nullish(),
  customerEmail: z.email().nullish(),
  customerBillingName: z.string().max(256).nullish(),
  customerBillingAddress: billingAddressSchema.nullish(),
  customerTaxId: taxIdSchema.nullish(),
  isBusinessCustomer: z.boolean().optional(),
  customFieldData: customFieldDataSchema.optional(),
});

export const confirmSchema = checkoutPatchSchema.extend({
  confirmationTokenId: z.string().min(1).optional(),
});

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  organizationId: z.string().optional(),
});

export { paginated } from "../pagination";
export { metadataSchema };
