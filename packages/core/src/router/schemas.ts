import { z } from "zod";

/**
 * Query booleans (spec section 5): real booleans from server calls, or the strings "true"/"false"
 * from URLs. "false" means false.
 */
export const queryBoolean = z
  .union([z.boolean(), z.enum(["true", "false"])])
  .transform((v) => v === true || v === "true");

/**
 * Natural maximum lengths of string fields (characters). Every string is also capped globally at
 * the boundary (`MAX_STRING_LENGTH` in input-guard.ts); these are the tighter, per-field limits.
 */
export const FIELD_LIMITS = {
  name: 255,
  slug: 100,
  email: 254,
  url: 2048,
  metadataKey: 40,
  metadataValue: 500,
} as const;

/** A display name (user, organization, team): at most 255 characters. */
export const nameString = () => z.string().max(FIELD_LIMITS.name);
/** A URL or path (callback URLs, images, logos): at most 2048 characters. */
export const urlString = () => z.string().max(FIELD_LIMITS.url);
/** A raw email field validated later by the endpoint: at most 254 characters. */
export const emailString = () => z.string().max(FIELD_LIMITS.email);
/** A slug: at most 100 characters. */
export const slugString = () => z.string().max(FIELD_LIMITS.slug);

/** A string that must be a valid email (message "Invalid email"). */
export const emailSchema = z
  .string()
  .max(FIELD_LIMITS.email)
  .trim()
  .pipe(z.email({ error: "Invalid email" }));
