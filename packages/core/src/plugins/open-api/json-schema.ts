import { z } from "zod";

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JSONSchema = { readonly [key: string]: unknown };

type Mutable = Record<string, unknown>;

export const isRecord = (value: unknown): value is Mutable =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const LOCAL = "#/$defs/";
const COMPONENT = "#/components/schemas/";

/** A deep copy with every `$ref` passed through `map`. */
function mapRefs(value: unknown, map: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapRefs(item, map));
  if (!isRecord(value)) return value;
  const out: Mutable = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = key === "$ref" && typeof item === "string" ? map(item) : mapRefs(item, map);
  }
  return out;
}

/** The local definitions a schema refers to. */
function localRefs(value: unknown): Set<string> {
  const found = new Set<string>();
  mapRefs(value, (ref) => {
    if (ref.startsWith(LOCAL)) found.add(ref.slice(LOCAL.length));
    return ref;
  });
  return found;
}

/**
 * A schema's JSON form with its local definitions: what a client sends (`io: "input"`: before
 * transforms and defaults) or what a server answers (`"output"`).
 */
function toJSON(schema: z.ZodType, io: "input" | "output"): { root: Mutable; defs: Record<string, Mutable> } {
  const json = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    // Custom checks and other types with no JSON equivalent become `{}`, "any value".
    unrepresentable: "any",
    reused: "inline",
    cycles: "ref",
  }) as Mutable;
  const { $schema: _dialect, $defs, ...root } = json;
  const defs = { ...(isRecord($defs) ? ($defs as Record<string, Mutable>) : {}) };
  // A recursive root refers to itself as "#": make it a definition of its own.
  let selfRef = false;
  mapRefs(root, (ref) => {
    if (ref === "#") selfRef = true;
    return ref;
  });
  if (!selfRef) return { root, defs };
  defs.__root = mapRefs(root, (ref) => (ref === "#" ? `${LOCAL}__root` : ref)) as Mutable;
  return { root: { $ref: `${LOCAL}__root` }, defs };
}

/** The content of a self-contained definition with its own name left out: equal keys, equal schemas. */
const selfKey = (name: string, def: Mutable) =>
  JSON.stringify(mapRefs(def, (ref) => (ref === `${LOCAL}${name}` ? "SELF" : ref)));

const JSON_VALUE_KEY = (() => {
  const { defs } = toJSON(z.json(), "input");
  return selfKey("__root", defs.__root ?? {});
})();

export interface SchemaComponents {
  /** The JSON Schema of what a client sends; recursive parts become shared components. */
  input(schema: z.ZodType, hint: string): Mutable;
  /** The JSON Schema of what the server answers. */
  output(schema: z.ZodType, hint: string): Mutable;
  /** The components collected so far, by name. */
  readonly schemas: Readonly<Record<string, JSONSchema>>;
}

/**
 * Converts zod schemas for one document. Recursive parts (JSON values, nested filters) cannot stay
 * inline: they become `#/components/schemas/...`, one component per distinct self-contained
 * definition (every `z.json()` shares `JsonValue`), else one per operation.
 */
export function createSchemaComponents(): SchemaComponents {
  const schemas: Record<string, JSONSchema> = {};
  const byContent = new Map<string, string>();
  let next = 0;
  const nameFor = (hint: string, local: string, def: Mutable) => {
    const refs = localRefs(def);
    refs.delete(local);
    if (refs.size > 0) return `${hint}${++next}`;
    const key = selfKey(local, def);
    const known = byContent.get(key);
    if (known) return known;
    const name = key === JSON_VALUE_KEY ? "JsonValue" : `${hint}${++next}`;
    byContent.set(key, name);
    return name;
  };
  const convert = (schema: z.ZodType, hint: string, io: "input" | "output") => {
    const { root, defs } = toJSON(schema, io);
    const names = new Map<string, string>();
    for (const [local, def] of Object.entries(defs)) names.set(local, nameFor(hint, local, def));
    const rename = (ref: string) =>
      ref.startsWith(LOCAL) ? `${COMPONENT}${names.get(ref.slice(LOCAL.length)) ?? ""}` : ref;
    for (const [local, def] of Object.entries(defs)) {
      const name = names.get(local)!;
      if (!schemas[name]) schemas[name] = mapRefs(def, rename) as JSONSchema;
    }
    return mapRefs(root, rename) as Mutable;
  };
  return {
    schemas,
    input: (schema, hint) => convert(schema, hint, "input"),
    output: (schema, hint) => convert(schema, hint, "output"),
  };
}
