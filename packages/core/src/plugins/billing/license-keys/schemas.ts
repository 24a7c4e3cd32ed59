import { z } from "zod";
import { dateInput, pageQuery, scoped } from "../input";

const id = z.string().min(1).max(128);
const key = z.string().min(1).max(256);
/** Conditions and meta: a small flat map (at most 50 keys of up to 40 characters). */
const flatMap = z
  .record(z.string().min(1).max(40), z.union([z.string().max(500), z.number(), z.boolean()]))
  .refine((m) => Object.keys(m).length <= 50, { message: "At most 50 keys are allowed." });

/** POST /customer/license-keys/validate */
export const validateInput = z.object({
  key,
  organizationId: id,
  activationId: id.nullish(),
  benefitId: id.nullish(),
  customerId: id.nullish(),
  incrementUsage: z.number().int().min(0).max(1_000_000).nullish(),
  conditions: flatMap.optional(),
});

/** POST /customer/license-keys/activate */
export const activateInput = z.object({
  key,
  organizationId: id,
  label: z.string().trim().min(1).max(256),
  conditions: flatMap.optional(),
  meta: flatMap.optional(),
});

/** POST /customer/license-keys/deactivate */
export const deactivateInput = z.object({ key, organizationId: id, activationId: id });

export const licenseKeyListInput = z.object({
  ...pageQuery,
  benefitId: id.optional(),
  customerId: id.optional(),
});

export const licenseKeyIdInput = z.object({ ...scoped, id });

/** POST /billing/license-keys/update: each field given replaces the stored one (null clears a limit). */
export const licenseKeyUpdateInput = z.object({
  ...scoped,
  id,
  status: z.enum(["granted", "revoked", "disabled"]).optional(),
  usage: z.number().int().min(0).max(1_000_000_000).optional(),
  limitActivations: z.number().int().min(1).max(50).nullish(),
  limitUsage: z.number().int().min(1).max(1_000_000_000).nullish(),
  expiresAt: dateInput.nullish(),
});

export type ValidateInput = z.input<typeof validateInput>;
export type ActivateInput = z.input<typeof activateInput>;
export type DeactivateInput = z.input<typeof deactivateInput>;
export type LicenseKeyListInput = z.input<typeof licenseKeyListInput>;
export type LicenseKeyUpdateInput = z.input<typeof licenseKeyUpdateInput>;
