import { z } from "zod";
import { metadataInput, pageQuery, scoped } from "../input";

const id = z.string().trim().min(1);
const positive = (field: string) => z.number().int().min(1, `${field} must be greater than 0.`);

/** Longest license-key lifetime per timeframe (BILLING.md 6.3): 457 years, 1200 months, 36500 days. */
const TTL_MAX = { year: 457, month: 1200, day: 36500 } as const;

/** `properties` of each benefit type (spec section 3, BILLING.md 6.3). */
export const BENEFIT_PROPERTIES = {
  custom: z.object({ note: z.string().nullish() }),
  discord: z.object({ guildId: id, roleId: id, guildToken: id, kickMember: z.boolean().default(false) }),
  github_repository: z.object({
    repositoryOwner: id,
    repositoryName: id,
    permission: z.enum(["pull", "triage", "push", "maintain", "admin"]),
  }),
  downloadables: z.object({
    archived: z.record(z.string(), z.boolean()).default({}),
    files: z.array(id).min(1, "At least one file is required."),
  }),
  license_keys: z.object({
    prefix: z.string().trim().min(1).max(32).nullish(),
    expires: z
      .object({ ttl: positive("ttl"), timeframe: z.enum(["year", "month", "day"]) })
      .refine((e) => e.ttl <= TTL_MAX[e.timeframe], {
        message: "ttl is too long for its timeframe (at most 457 years, 1200 months or 36500 days).",
        path: ["ttl"],
      })
      .nullish(),
    activations: z
      .object({
        limit: positive("limit").max(50, "limit must be at most 50."),
        enableCustomerAdmin: z.boolean(),
      })
      .nullish(),
    limitUsage: positive("limitUsage").nullish(),
  }),
  meter_credit: z.object({ units: positive("units"), rollover: z.boolean(), meterId: id }),
} as const;

export type BenefitType = keyof typeof BENEFIT_PROPERTIES;
export const BENEFIT_TYPES = Object.keys(BENEFIT_PROPERTIES) as [BenefitType, ...BenefitType[]];

/** Description: 3 to 42 characters (BILLING.md 6.1). */
const description = z
  .string()
  .trim()
  .min(3, "Description must be at least 3 characters long.")
  .max(42, "Description must be at most 42 characters long.");

const common = { ...scoped, description, metadata: metadataInput.optional() };
const of = <T extends BenefitType>(type: T) =>
  z.object({ ...common, type: z.literal(type), properties: BENEFIT_PROPERTIES[type] });

export const benefitCreateInput = z.discriminatedUnion("type", [
  of("custom"),
  of("discord"),
  of("github_repository"),
  of("downloadables"),
  of("license_keys"),
  of("meter_credit"),
]);

/** Server calls only: benefits the app itself manages may be hidden from pickers or undeletable. */
export const benefitFlagsInput = z.object({
  selectable: z.boolean().optional(),
  deletable: z.boolean().optional(),
});

/** The type never changes; properties (replaced whole) are checked against the benefit's type. */
export const benefitUpdateInput = z.object({
  ...scoped,
  id: z.string().min(1),
  description: description.optional(),
  metadata: metadataInput.optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
});

export const benefitIdInput = z.object({ ...scoped, id: z.string().min(1) });

export const benefitListInput = z.object({
  ...pageQuery,
  type: z.enum(BENEFIT_TYPES).optional(),
  query: z.string().optional(),
});

export type BenefitCreateInput = z.input<typeof benefitCreateInput>;
export type BenefitUpdateInput = z.input<typeof benefitUpdateInput>;
export type BenefitListInput = z.input<typeof benefitListInput>;
