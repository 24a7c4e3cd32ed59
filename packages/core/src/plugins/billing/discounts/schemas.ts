import { z } from "zod";
import { dateInput, metadataInput, pageQuery, scoped } from "../catalog/input";
import { currencyInput } from "../catalog/products/schemas";
import type { FieldIssue } from "../errors";

/** Codes (BILLING.md 4.1): alphanumeric, 3 to 256 characters; compared case-insensitively. */
const code = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]*$/, "Code must contain only alphanumeric characters.")
  .min(3, "Code must be between 3 and 256 characters long.")
  .max(256, "Code must be between 3 and 256 characters long.");

const terms = {
  amount: z
    .number()
    .int("Amount must be a whole number of minor units.")
    .min(0, "Amount must be at least 0.")
    .max(999_999_999_999, "Amount must be at most 999999999999."),
  basisPoints: z
    .number()
    .int("basisPoints must be an integer.")
    .min(1, "basisPoints must be between 1 and 10000.")
    .max(10_000, "basisPoints must be between 1 and 10000."),
  durationInMonths: z
    .number()
    .int("durationInMonths must be an integer.")
    .min(1, "durationInMonths must be between 1 and 999.")
    .max(999, "durationInMonths must be between 1 and 999."),
  maxRedemptions: z.number().int().min(1, "maxRedemptions must be at least 1."),
};

export interface DiscountTermsInput {
  type: "fixed" | "percentage";
  duration: "once" | "forever" | "repeating";
  amount?: number | null;
  basisPoints?: number | null;
  durationInMonths?: number | null;
  startsAt?: Date | null;
  endsAt?: Date | null;
}

/** Rules across fields, for a new discount and for a discount after an update. */
export function termIssues(d: DiscountTermsInput): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const has = (v: unknown) => v !== null && v !== undefined;
  if (d.type === "fixed" && !has(d.amount))
    issues.push({ path: ["amount"], message: "Amount is required for a fixed discount." });
  if (d.type === "percentage" && !has(d.basisPoints))
    issues.push({ path: ["basisPoints"], message: "basisPoints is required for a percentage discount." });
  if (d.duration === "repeating" && !has(d.durationInMonths))
    issues.push({
      path: ["durationInMonths"],
      message: "`durationInMonths` is required when `duration` is `repeating`.",
    });
  if (d.duration !== "repeating" && has(d.durationInMonths))
    issues.push({
      path: ["durationInMonths"],
      message: "`durationInMonths` is only allowed when `duration` is `repeating`.",
    });
  if (d.startsAt && d.endsAt && d.startsAt.getTime() >= d.endsAt.getTime())
    issues.push({ path: ["startsAt"], message: "startsAt must be before endsAt." });
  return issues;
}

export const discountCreateInput = z
  .object({
    ...scoped,
    name: z
      .string()
      .trim()
      .min(1, "Name must be at least 1 character long.")
      .max(256, "Name must be at most 256 characters long."),
    code: code.nullish(),
    type: z.enum(["fixed", "percentage"]),
    amount: terms.amount.nullish(),
    currency: currencyInput,
    basisPoints: terms.basisPoints.nullish(),
    duration: z.enum(["once", "forever", "repeating"]),
    durationInMonths: terms.durationInMonths.nullish(),
    startsAt: dateInput.nullish(),
    endsAt: dateInput.nullish(),
    maxRedemptions: terms.maxRedemptions.nullish(),
    products: z.array(z.string().min(1)).optional(),
    metadata: metadataInput.optional(),
  })
  .superRefine((d, ctx) => {
    for (const issue of termIssues(d)) ctx.addIssue({ code: "custom", ...issue, path: [...issue.path] });
  });

/** `type` and `duration` may be sent but never changed; `code: null` removes the code. */
export const discountUpdateInput = z.object({
  ...scoped,
  id: z.string().min(1),
  name: z
    .string()
    .trim()
    .min(1, "Name must be at least 1 character long.")
    .max(256, "Name must be at most 256 characters long.")
    .optional(),
  code: code.nullish(),
  type: z.enum(["fixed", "percentage"]).optional(),
  duration: z.enum(["once", "forever", "repeating"]).optional(),
  amount: terms.amount.optional(),
  currency: currencyInput.removeDefault().optional(),
  basisPoints: terms.basisPoints.optional(),
  durationInMonths: terms.durationInMonths.nullish(),
  startsAt: dateInput.nullish(),
  endsAt: dateInput.nullish(),
  maxRedemptions: terms.maxRedemptions.nullish(),
  products: z.array(z.string().min(1)).optional(),
  metadata: metadataInput.optional(),
});

export const discountIdInput = z.object({ ...scoped, id: z.string().min(1) });

export const discountListInput = z.object({ ...pageQuery, query: z.string().optional() });

export type DiscountCreateInput = z.input<typeof discountCreateInput>;
export type DiscountUpdateInput = z.input<typeof discountUpdateInput>;
export type DiscountListInput = z.input<typeof discountListInput>;
