import { z } from "zod";
import { dateInput, merchantOf, parseInput, type Scoped, scoped } from "../input";
import { type MerchantService, type MerchantUpdate, SOCIAL_PLATFORMS, serializeMerchant } from "./service";

const webUrl = z.url({ protocol: /^https?$/, error: "Must be an http or https URL." });

/** The merchant organization's billing profile and settings (spec section 3, Merchant organization). */
export const merchantUpdateInput = z.object({
  ...scoped,
  name: z.string().trim().min(1, "Name must be at least 1 character long.").max(256).optional(),
  slug: z
    .string()
    .trim()
    .min(3, "Slug must be between 3 and 64 characters long.")
    .max(64, "Slug must be between 3 and 64 characters long.")
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Slug can only contain lower-case letters, numbers and hyphens.")
    .optional(),
  avatarUrl: webUrl.nullish(),
  email: z.email({ error: "Invalid email" }).nullish(),
  website: webUrl.nullish(),
  socials: z
    .array(z.object({ platform: z.enum(SOCIAL_PLATFORMS), url: webUrl }))
    .max(20)
    .optional(),
  detailsSubmittedAt: dateInput.nullish(),
  featureSettings: z
    .object({ issueFundingEnabled: z.boolean().optional(), usageBasedBillingEnabled: z.boolean().optional() })
    .optional(),
  subscriptionSettings: z
    .object({
      allowMultipleSubscriptions: z.boolean().optional(),
      allowCustomerUpdates: z.boolean().optional(),
      prorationBehavior: z.enum(["invoice", "prorate"]).optional(),
    })
    .optional(),
});

export const merchantGetInput = z.object(scoped);

export type MerchantUpdateInput = z.input<typeof merchantUpdateInput>;

/** `auth.billing.organization`: the merchant's profile; updates emit `organization.updated`. */
export function createMerchantSettingsService(merchants: MerchantService) {
  async function get(input: Scoped = {}) {
    const data = parseInput(merchantGetInput, input, "query");
    return serializeMerchant(await merchantOf(merchants, data));
  }

  async function update(input: MerchantUpdateInput) {
    const { organizationId, ...data } = parseInput(merchantUpdateInput, input);
    const merchant = await merchantOf(merchants, { organizationId });
    const changes = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
    return merchants.update(merchant.id, changes as MerchantUpdate);
  }

  return { get, update };
}

export type MerchantSettingsService = ReturnType<typeof createMerchantSettingsService>;
