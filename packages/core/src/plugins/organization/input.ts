import { AUTH_ERRORS } from "../../auth/errors";
import type { AppContext } from "../../context/app-context";
import type { FieldMap } from "../../db/model";
import { inputSchema } from "../../db/validators";

/**
 * The configured additional fields of `model` found in a request body, validated against their
 * declarations (`schema.<model>.additionalFields`). The plugin's own fields (`base`) and fields
 * declared `input: false` are never taken from here. On `create`, a required field (no default)
 * missing from the body is 400 "Invalid body parameters", not a database error; use it only where
 * no before-hook may still fill the field (organization and invitation hooks can).
 */
export function additionalInput(
  app: AppContext,
  model: string,
  base: FieldMap,
  body: Record<string, unknown>,
  mode: "create" | "update" = "update",
): Record<string, unknown> {
  const def = app.schema[model];
  if (!def) return {};
  const candidates = Object.fromEntries(Object.entries(body).filter(([key]) => !(key in base)));
  const parsed = inputSchema(def, "update").safeParse(candidates);
  if (!parsed.success) throw AUTH_ERRORS.INVALID_BODY_PARAMETERS({ issues: parsed.error.issues });
  const data = Object.fromEntries(
    Object.entries(parsed.data).filter(([key, value]) => value !== undefined && key in candidates),
  );
  if (mode === "create") {
    const missing = Object.entries(def.fields).filter(
      ([key, field]) =>
        !(key in base) &&
        field.required !== false &&
        field.input !== false &&
        field.default === undefined &&
        (data[key] ?? null) === null,
    );
    if (missing.length > 0) {
      const issues = missing.map(([key]) => ({ path: [key], message: "Required" }));
      throw AUTH_ERRORS.INVALID_BODY_PARAMETERS({ issues });
    }
  }
  return data;
}
