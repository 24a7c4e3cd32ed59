import { z } from "zod";
import type { FieldDef, ModelDef } from "./model";

/** The zod type of one field, derived from its declaration. */
export function fieldSchema(def: FieldDef): z.ZodType {
  switch (def.type) {
    case "string":
      return def.maxLength ? z.string().max(def.maxLength) : z.string();
    case "number":
      return z.number();
    case "boolean":
      return z.boolean();
    case "date":
      return z.coerce.date();
    case "json":
      return z.json();
    case "string[]":
      return z.array(z.string());
    case "number[]":
      return z.array(z.number());
  }
}

const cache = new WeakMap<ModelDef, { create: z.ZodType; update: z.ZodType }>();

/**
 * Validator for what a client may write to a model: only fields without `input: false`, with
 * their declared types. Unknown keys are dropped. Built once per model and cached.
 */
export function inputSchema(model: ModelDef, mode: "create" | "update"): z.ZodType<Record<string, unknown>> {
  let entry = cache.get(model);
  if (!entry) {
    const shape: Record<string, z.ZodType> = {};
    for (const [name, def] of Object.entries(model.fields)) {
      if (def.input === false) continue;
      shape[name] = fieldSchema(def).nullish();
    }
    const base = z.object(shape);
    entry = { create: base, update: base.partial() };
    cache.set(model, entry);
  }
  return entry[mode] as z.ZodType<Record<string, unknown>>;
}
