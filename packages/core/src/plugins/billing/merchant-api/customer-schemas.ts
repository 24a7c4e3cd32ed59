import { z } from "zod";
import { emailSchema } from "../../../plugin";
import { metadataInput, pageQuery, scoped } from "../catalog/input";
import { billingAddressSchema, taxIdSchema } from "../customers/validate";

const fields = {
  name: z.string().trim().min(1).max(256).nullish(),
  billingAddress: billingAddressSchema.nullish(),
  /** `[value, type]`, e.g. `["DE123456789", "eu_vat"]`; needs a billing address country. */
  taxId: taxIdSchema.nullish(),
  metadata: metadataInput.optional(),
};

export const customerCreateInput = z.object({
  ...scoped,
  email: emailSchema,
  externalId: z.string().trim().min(1).max(256).nullish(),
  ...fields,
});

/** Metadata is merged into the stored metadata. */
export const customerUpdateInput = z.object({
  ...scoped,
  id: z.string().min(1),
  email: emailSchema.optional(),
  ...fields,
});

export const customerIdInput = z.object({ ...scoped, id: z.string().min(1) });

export const customerListInput = z.object({
  ...pageQuery,
  /** Email or name contains (any case). */
  query: z.string().optional(),
  externalId: z.string().optional(),
});

export type CustomerCreateInput = z.input<typeof customerCreateInput>;
export type CustomerUpdateInput = z.input<typeof customerUpdateInput>;
export type CustomerListInput = z.input<typeof customerListInput>;
