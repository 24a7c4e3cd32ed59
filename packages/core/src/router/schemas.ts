import { z } from "zod";

/**
 * Query booleans (spec section 5): real booleans from server calls, or the strings "true"/"false"
 * from URLs. "false" means false.
 */
export const queryBoolean = z
  .union([z.boolean(), z.enum(["true", "false"])])
  .transform((v) => v === true || v === "true");

/** A string that must be a valid email (message "Invalid email"). */
export const emailSchema = z
  .string()
  .trim()
  .pipe(z.email({ error: "Invalid email" }));
