import { z } from "zod";
import { BILLING_ERRORS } from "../errors";
import type { BillingAddress, TaxId } from "./serialize";

/** Tax id types accepted (Stripe's list, the common ones). */
export const TAX_ID_TYPES = [
  "eu_vat",
  "gb_vat",
  "us_ein",
  "ca_bn",
  "ca_gst_hst",
  "au_abn",
  "au_arn",
  "ch_vat",
  "no_vat",
  "nz_gst",
  "in_gst",
  "jp_cn",
  "jp_rn",
  "kr_brn",
  "sg_gst",
  "sg_uen",
  "za_vat",
  "br_cnpj",
  "br_cpf",
  "mx_rfc",
  "es_cif",
  "is_vat",
  "li_uid",
  "tr_tin",
  "ae_trn",
  "sa_vat",
  "il_vat",
  "th_vat",
  "tw_vat",
  "hk_br",
  "my_sst",
] as const;

export const billingAddressSchema = z.object({
  line1: z.string().nullish(),
  line2: z.string().nullish(),
  postalCode: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  country: z
    .string()
    .length(2)
    .transform((c) => c.toUpperCase()),
});

export const taxIdSchema = z.tuple([z.string().min(1), z.enum(TAX_ID_TYPES)]);

export const metadataSchema = z
  .record(z.string().min(1).max(40), z.union([z.string().max(500), z.number(), z.boolean()]))
  .refine((m) => Object.keys(m).length <= 50, { message: "At most 50 metadata keys" });

const TAX_ID_FORMATS: Partial<Record<(typeof TAX_ID_TYPES)[number], RegExp>> = {
  eu_vat: /^[A-Z]{2}[0-9A-Z+*]{2,13}$/,
  gb_vat: /^GB[0-9]{9}([0-9]{3})?$/,
  us_ein: /^[0-9]{2}-?[0-9]{7}$/,
};

/** A tax id needs a billing country; the value must fit the type's format where we know it. */
export function validateTaxId(
  taxId: TaxId | null | undefined,
  address: BillingAddress | null | undefined,
): TaxId | null {
  if (!taxId) return null;
  if (!address?.country) throw BILLING_ERRORS.COUNTRY_IS_REQUIRED_TO_VALIDATE_TAX_ID();
  const value = taxId[0].replace(/\s+/g, "").toUpperCase();
  const type = taxId[1] as (typeof TAX_ID_TYPES)[number];
  const format = TAX_ID_FORMATS[type];
  if (format && !format.test(value)) throw BILLING_ERRORS.INVALID_TAX_ID();
  return [value, type];
}
