import { z } from "zod";
import { AUTH_ERRORS, parseFast } from "../../plugin";
import { metadataSchema } from "./customers/validate";
import { type FieldIssue, validationFailed } from "./errors";
import type { MerchantRow, MerchantService } from "./merchants/service";

/**
 * Input helpers shared by the merchant-side services. Server calls (`auth.billing.products.create`)
 * are validated with the same schemas as the HTTP bodies and fail the same way: 400
 * "Invalid body parameters" (or "Invalid query parameters") with every failing field in `issues`.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  where: "body" | "query" = "body",
  prefix: readonly (string | number)[] = [],
): z.output<S> {
  const fast = parseFast(schema, input);
  if (fast !== undefined) return carryMerchant(input, fast);
  const result = schema.safeParse(input, {
    error: (issue) => (issue.code === "invalid_type" && issue.input === undefined ? "Required" : undefined),
  });
  if (result.success) return carryMerchant(input, result.data);
  const issues = result.error.issues.map((i) => ({
    path: [...prefix, ...i.path.map((p) => (typeof p === "symbol" ? String(p) : p))],
    message: i.message,
  }));
  throw where === "body"
    ? AUTH_ERRORS.INVALID_BODY_PARAMETERS({ issues })
    : AUTH_ERRORS.INVALID_QUERY_PARAMETERS({ issues });
}

/** 422 for a rule that depends on stored state (the field and message, as `validationFailed`). */
export const invalid = (path: FieldIssue["path"], message: string) => validationFailed([{ path, message }]);

/** Every merchant-side input names its merchant; omitted: the active/default merchant rules apply. */
export const scoped = { organizationId: z.string().min(1).nullish() };
export interface Scoped {
  organizationId?: string | null;
}

/**
 * The merchant the merchant API already resolved for this call (while checking the caller's
 * rights), carried with the input under a symbol: never part of a body, a query or an answer.
 */
const RESOLVED_MERCHANT = Symbol("gatehouse.billing.merchant");

/** The input with the merchant resolved for it, so that services do not read it again. */
export const withMerchant = <T extends object>(
  input: T,
  merchant: MerchantRow,
): T & { organizationId: string } =>
  Object.assign({ ...input, organizationId: merchant.id }, { [RESOLVED_MERCHANT]: merchant });

/** A parsed input keeps the merchant resolved for the raw one (services parse their input again). */
function carryMerchant<T>(input: unknown, parsed: T): T {
  const resolved =
    typeof input === "object" && input !== null ? Reflect.get(input, RESOLVED_MERCHANT) : undefined;
  if (resolved && typeof parsed === "object" && parsed !== null)
    Reflect.set(parsed, RESOLVED_MERCHANT, resolved);
  return parsed;
}

/** Resolves the merchant of a call (the organization's merchant, or the default merchant). */
export const merchantOf = (merchants: MerchantService, input: Scoped): Promise<MerchantRow> => {
  const resolved = (input as { [RESOLVED_MERCHANT]?: MerchantRow })[RESOLVED_MERCHANT];
  if (resolved && resolved.id === input.organizationId) return Promise.resolve(resolved);
  return merchants.resolve(input.organizationId ?? null);
};

export const pageQuery = {
  ...scoped,
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
};

/** Distinct ids, order kept. */
export const unique = (ids: readonly string[]) => [...new Set(ids)];

/** A date given as ISO text or a Date. */
export const dateInput = z.union([z.iso.datetime({ offset: true }), z.date()]).transform((v) => new Date(v));

/** Metadata (BILLING.md 0): at most 50 keys of 1-40 characters; strings 1-500, numbers, booleans. */
export const metadataInput = metadataSchema.refine(
  (m) => Object.values(m).every((v) => typeof v !== "string" || v.length >= 1),
  { message: "Metadata string values must be 1 to 500 characters long" },
);
