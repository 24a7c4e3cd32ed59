import fc from "fast-check";
import { z } from "zod";

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  additionalProperties?: boolean | JsonSchema;
};

/** Well-formed values of a JSON schema (small: the hostile part comes from the mutations). */
function fromJsonSchema(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const variants = s.anyOf ?? s.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => fromJsonSchema(v, depth + 1)));
  if (s.allOf?.length) return fromJsonSchema(s.allOf[0]!, depth + 1);
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type) => fromJsonSchema({ ...s, type }, depth)));
  switch (s.type) {
    case "string": {
      if (s.format === "email") return fc.emailAddress();
      if (s.format === "date-time") return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (s.format === "uri" || s.format === "url") return fc.webUrl();
      if (s.pattern && s.pattern.length < 80) {
        try {
          return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= 200);
        } catch {
          // fall through to a plain string
        }
      }
      const min = s.minLength ?? 0;
      return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(s.maxLength ?? 24, 24)) });
    }
    case "integer":
      return fc.integer({ min: s.minimum ?? -1000, max: s.maximum ?? 100_000 });
    case "number":
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        min: s.minimum ?? -1e6,
        max: s.maximum ?? 1e9,
      });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(s.items ? fromJsonSchema(s.items, depth + 1) : fc.string(), { maxLength: 3 });
    case "object": {
      const props = s.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(props)) model[key] = fromJsonSchema(value, depth + 1);
      const base = fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
      if (Object.keys(props).length === 0 && s.additionalProperties !== false) {
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
      }
      return base;
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Valid-looking input for a zod schema (the route's own contract), through its JSON schema. */
export function fromZod(schema: unknown): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant(undefined);
  try {
    const json = z.toJSONSchema(schema as z.ZodType, { io: "input", unrepresentable: "any" }) as JsonSchema;
    return fromJsonSchema(json);
  } catch {
    return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Hostile strings: NUL, lone surrogates, huge, control characters, encodings, injections. */
export const hostileString = fc.oneof(
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\ud800",
    "x\udfff",
    "%00",
    "\u202e\u0000",
    "../../../../etc/passwd",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    '"; DROP TABLE x; --',
    "/%09/evil.com",
    "//evil.com",
    "https://evil.com",
    "javascript:alert(1)",
    "\\\\evil.com",
    "NaN",
    "-1",
    "1e309",
    "__proto__",
    "constructor",
    "🙂".repeat(300),
    "\r\nSet-Cookie: x=1",
  ),
  fc.nat({ max: 3 }).map((i) => "x".repeat([101, 256, 2_800, 20_000][i]!)),
  fc.string({ unit: "binary", maxLength: 40 }),
);

/** Wrong types and extreme numbers in place of any value. */
export const hostileValue = fc.oneof(
  hostileString,
  fc.constantFrom<unknown>(
    null,
    true,
    0,
    -1,
    1e308,
    -0,
    2 ** 63,
    Number.MAX_SAFE_INTEGER + 2,
    [],
    {},
    [null],
    { $gt: "" },
    { __proto__: null, constructor: { prototype: { polluted: true } } },
  ),
  fc.nat({ max: 1 }).map((i) => (i === 0 ? nest(60) : Array.from({ length: 2000 }, (_, n) => n))),
);

function nest(depth: number): unknown {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Every path to a value in a JSON-like tree (the root included). */
function paths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(prefix);
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) paths(v, [...prefix, i], out);
  } else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) paths(v, [...prefix, k], out);
  return out;
}

/** Replaces the value at one path (chosen by `pick`) with `replacement`; the root becomes it. */
export function replaceAt(value: unknown, pick: number, replacement: unknown): unknown {
  const all = paths(value);
  const path = all[pick % all.length]!;
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = replacement;
  return copy;
}
