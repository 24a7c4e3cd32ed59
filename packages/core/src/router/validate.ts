import type { z } from "zod";
import { AUTH_ERRORS } from "../kernel/errors";

export interface ValidationIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/**
 * The specification's default messages: a missing required value says "Required" (zod 4 would
 * say "Invalid input: expected string, received undefined"). Messages set in a schema win.
 */
const specMessages = (issue: { code?: string; input?: unknown }): string | undefined =>
  issue.code === "invalid_type" && issue.input === undefined ? "Required" : undefined;

export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
  where: "body" | "query",
): z.output<S> {
  const result = schema.safeParse(input, { error: specMessages });
  if (result.success) return result.data;
  const issues: ValidationIssue[] = result.error.issues.map((i) => ({
    path: i.path.map((p) => (typeof p === "symbol" ? String(p) : p)),
    message: i.message,
  }));
  throw where === "body"
    ? AUTH_ERRORS.INVALID_BODY_PARAMETERS({ issues })
    : AUTH_ERRORS.INVALID_QUERY_PARAMETERS({ issues });
}
