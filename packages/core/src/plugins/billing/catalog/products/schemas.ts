import { z } from "zod";
import { queryBoolean } from "../../../../plugin";
import { isUnitAmount, MAX_AMOUNT } from "../../money";
import { refineTrialPair, TRIAL_MESSAGES, trialInputFields } from "../../subscriptions/trials";
import { metadataInput, pageQuery, scoped } from "../input";

const amount = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of minor units` })
    .int(`${field} must be a whole number of minor units`)
    .min(0, `${field} must be at least 0`)
    .max(MAX_AMOUNT, `${field} must be at most ${MAX_AMOUNT}`);

/** Lower-case ISO 4217 (`usd`); the default currency is usd. */
export const currencyInput = z
  .string()
  .regex(/^[a-z]{3}$/, "Currency must be a lower-case ISO 4217 code.")
  .default("usd");

const free = z.object({ amountType: z.literal("free"), priceCurrency: currencyInput });

const fixed = z.object({
  amountType: z.literal("fixed"),
  priceCurrency: currencyInput,
  priceAmount: amount("priceAmount"),
});

const present = (v: number | null | undefined): v is number => v !== null && v !== undefined;

/** Pay what you want (BILLING.md 1.4): each bound >= 0; minimum <= preset <= maximum when set. */
const custom = z
  .object({
    amountType: z.literal("custom"),
    priceCurrency: currencyInput,
    minimumAmount: amount("minimumAmount").nullish(),
    maximumAmount: amount("maximumAmount").nullish(),
    presetAmount: amount("presetAmount").nullish(),
  })
  .superRefine((p, ctx) => {
    const { minimumAmount: min, maximumAmount: max, presetAmount: preset } = p;
    if (present(min) && present(max) && min > max)
      ctx.addIssue({
        code: "custom",
        path: ["minimumAmount"],
        message: "Minimum amount must be less than or equal to maximum amount.",
      });
    if (present(preset) && present(min) && preset < min)
      ctx.addIssue({
        code: "custom",
        path: ["presetAmount"],
        message: "Preset amount must be greater than or equal to minimum amount.",
      });
    if (present(preset) && present(max) && preset > max)
      ctx.addIssue({
        code: "custom",
        path: ["presetAmount"],
        message: "Preset amount must be less than or equal to maximum amount.",
      });
  });

/** Usage-based: a decimal unit amount in minor units (up to 12 decimals), optional cap, a meter. */
const meteredUnit = z.object({
  amountType: z.literal("metered_unit"),
  priceCurrency: currencyInput,
  unitAmount: z
    .string({ error: "Unit amount must be a decimal string" })
    .refine(isUnitAmount, "Unit amount must be a non-negative decimal with at most 12 decimal places."),
  capAmount: amount("capAmount").nullish(),
  meterId: z.string().min(1),
});

/** The most seats a seat price or subscription counts (keeps seats x seatAmount exact). */
export const MAX_SEATS = 100_000;

/** Per seat, recurring products only: the price of one seat (> 0) and the fewest seats billed. */
const seatBased = z.object({
  amountType: z.literal("seat_based"),
  priceCurrency: currencyInput,
  seatAmount: amount("seatAmount").min(1, "seatAmount must be greater than 0"),
  minimumSeats: z
    .number({ error: "minimumSeats must be a whole number" })
    .int("minimumSeats must be a whole number")
    .min(1, "minimumSeats must be at least 1")
    .max(MAX_SEATS, `minimumSeats must be at most ${MAX_SEATS}`)
    .default(1),
});

export const priceCreateInput = z.discriminatedUnion("amountType", [
  free,
  fixed,
  custom,
  meteredUnit,
  seatBased,
]);
export type PriceCreateInput = z.output<typeof priceCreateInput>;

/** In an update, `{ id }` (no amountType) keeps an existing price; prices left out are archived. */
const existingPrice = z.object({ amountType: z.undefined().optional(), id: z.string().min(1) });
const priceUpdateInput = z.discriminatedUnion("amountType", [
  existingPrice,
  free,
  fixed,
  custom,
  meteredUnit,
  seatBased,
]);
export type PriceUpdateInput = z.output<typeof priceUpdateInput>;

const attachedFields = z.array(
  z.object({ customFieldId: z.string().min(1), required: z.boolean().default(false) }),
);

const name = z
  .string()
  .trim()
  .min(3, "Name must be at least 3 characters long.")
  .max(256, "Name must be at most 256 characters long.");

/** Product media: ids of files uploaded as `product_media`, in display order (at most 10). */
const medias = z
  .array(z.string().min(1).max(255))
  .max(10, "A product can show at most 10 images.")
  .refine((ids) => new Set(ids).size === ids.length, "Each image can be shown once.");

export const productCreateInput = z
  .object({
    ...scoped,
    name,
    description: z.string().nullish(),
    recurringInterval: z.enum(["month", "year"]).nullish(),
    /** A free trial (recurring products only): both fields or neither (BILLING.md 3.7). */
    ...trialInputFields,
    metadata: metadataInput.optional(),
    prices: z.array(priceCreateInput).min(1, "A product needs at least one price."),
    benefits: z.array(z.string().min(1)).optional(),
    medias: medias.optional(),
    attachedCustomFields: attachedFields.optional(),
  })
  .superRefine((p, ctx) => {
    refineTrialPair(p, ctx);
    if (p.trialInterval && !p.recurringInterval)
      ctx.addIssue({ code: "custom", path: ["trialInterval"], message: TRIAL_MESSAGES.notRecurring });
  });

export const productUpdateInput = z
  .object({
    ...scoped,
    id: z.string().min(1),
    name: name.optional(),
    description: z.string().nullish(),
    /** Both to set the trial, both null (or either alone null) to remove it. */
    ...trialInputFields,
    metadata: metadataInput.optional(),
    isArchived: z.boolean().optional(),
    prices: z.array(priceUpdateInput).min(1, "A product needs at least one price.").optional(),
    benefits: z.array(z.string().min(1)).optional(),
    medias: medias.optional(),
    attachedCustomFields: attachedFields.optional(),
  })
  .superRefine(refineTrialPair);

export const productIdInput = z.object({ ...scoped, id: z.string().min(1) });

export const productListInput = z.object({
  ...pageQuery,
  isArchived: queryBoolean.optional(),
  isRecurring: queryBoolean.optional(),
  query: z.string().optional(),
});

export type ProductCreateInput = z.input<typeof productCreateInput>;
export type ProductUpdateInput = z.input<typeof productUpdateInput>;
export type ProductListInput = z.input<typeof productListInput>;
