import type { AppContext, FieldMap } from "../../plugin";
import { AUTH_ERRORS, inputSchema } from "../../plugin";

/**
 * The configured additional fields of `model` found in a request body, validated against their
 * declarations (`schema.<model>.additionalFields`). The plugin's own fields (`base`) and fields
 * declared `input: false` are never taken from here.
 */
export function additionalInput(
  app: AppContext,
  model: string,
  base: FieldMap,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const def = app.schema[model];
  if (!def) return {};
  const candidates = Object.fromEntries(Object.entries(body).filter(([key]) => !(key in base)));
  const parsed = inputSchema(def, "update").safeParse(candidates);
  if (!parsed.success) throw AUTH_ERRORS.INVALID_BODY_PARAMETERS({ issues: parsed.error.issues });
  return Object.fromEntries(
    Object.entries(parsed.data).filter(([key, value]) => value !== undefined && key in candidates),
  );
}
