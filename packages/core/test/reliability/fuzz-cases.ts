import fc from "fast-check";
import type { AnyEndpoint } from "../../src/kernel/endpoint";
import { fromZod, hostileString, hostileValue, replaceAt } from "./arbitraries";

export type Encoding = "json" | "form" | "multipart" | "multipart-broken" | "text" | "no-type" | "raw";

export interface FuzzCase {
  readonly method: string;
  readonly params: readonly string[];
  readonly query: unknown;
  readonly body: unknown;
  readonly encoding: Encoding;
  readonly raw: string | Uint8Array;
  readonly headers: Readonly<Record<string, string>>;
}

/** Hand-written hostile JSON texts (escapes the JSON encoder would never produce). */
const rawBodies = fc.constantFrom<string | Uint8Array>(
  '{"\\u005f_proto__":{"polluted":true}}',
  '{"\\u005f\\u005fproto\\u005f\\u005f":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"\\u0063onstructor":{"prototype":{"polluted":true}}}',
  '{"email":"a\\u0000@example.com","name":"\\u0000","password":"\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000"}',
  '{"name":"\\ud800","slug":"\\udfff"}',
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
  `{"a":${'{"a":'.repeat(3000)}1${"}".repeat(3000)}}`,
  '{"a":',
  "null",
  '"string"',
  "123",
  "[]",
  "\ufeff{}",
  new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  new Uint8Array([0xc0, 0x80, 0xed, 0xa0, 0x80]),
);

const oddHeaders = fc.oneof(
  fc.constant({}),
  fc.constantFrom<Record<string, string>>(
    { cookie: "better-auth.session_token=%00" },
    { cookie: "better-auth.session_token=%E0%A4%A" },
    { cookie: "=;;;=;better-auth.session_token=" },
    { cookie: `better-auth.session_token=${"a".repeat(4000)}.${"b".repeat(40)}` },
    { origin: "null" },
    { origin: "https://evil.example" },
    { origin: "not a url" },
    { referer: "javascript:alert(1)" },
    { "x-forwarded-for": "999.1.1.1, ::ffff:zz, ,," },
    { authorization: "Bearer \u00ff\u00fe" },
    { accept: "*/*;q=abc" },
    { "content-type": "application/json; charset=utf-16" },
  ),
);

const segment = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
  hostileString.map((s) => encodeURIComponent(s.slice(0, 300))),
  fc.constantFrom("%00", "%", "%E0%A4%A", "..", "%2e%2e", "a%2Fb"),
);

/** Cases for one route: the route's schema first, then hostile mutations of it. */
export function caseArbitrary(ep: AnyEndpoint, paramCount: number): fc.Arbitrary<FuzzCase> {
  const declared = (Array.isArray(ep.route.method) ? ep.route.method : [ep.route.method]) as string[];
  const valid = {
    body: fromZod(ep.body),
    query: fromZod(ep.query),
  };
  const mutate = (base: fc.Arbitrary<unknown>) =>
    fc.oneof(
      { weight: 2, arbitrary: base },
      {
        weight: 5,
        arbitrary: fc
          .tuple(base, fc.nat(), hostileValue)
          .map(([value, pick, replacement]) => replaceAt(value ?? {}, pick, replacement)),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(base, hostileString, hostileValue)
          .map(([value, key, extra]) =>
            value && typeof value === "object" && !Array.isArray(value) ? { ...value, [key]: extra } : value,
          ),
      },
    );
  return fc.record({
    method: fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom(...declared) },
      { weight: 1, arbitrary: fc.constantFrom("PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "GET", "POST") },
    ),
    params: fc.array(segment, { minLength: paramCount, maxLength: paramCount }),
    query: mutate(valid.query),
    body: mutate(valid.body),
    encoding: fc.oneof(
      { weight: 10, arbitrary: fc.constant<Encoding>("json") },
      {
        weight: 1,
        arbitrary: fc.constantFrom<Encoding>("form", "multipart", "multipart-broken", "text", "no-type"),
      },
      { weight: 2, arbitrary: fc.constant<Encoding>("raw") },
    ),
    raw: rawBodies,
    headers: oddHeaders,
  });
}

const asString = (v: unknown) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""));

/** The query string of a case: arrays repeat their key, objects are sent as JSON text. */
export function queryString(query: unknown): string {
  if (!query || typeof query !== "object" || Array.isArray(query)) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const v of value) params.append(key, asString(v));
    else params.append(key, asString(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The body and content type of a case. */
export function encodeBody(c: FuzzCase): { body: BodyInit | undefined; type: string | undefined } {
  if (c.method === "GET" || c.method === "HEAD") return { body: undefined, type: undefined };
  const fields = c.body && typeof c.body === "object" && !Array.isArray(c.body) ? Object.entries(c.body) : [];
  switch (c.encoding) {
    case "raw":
      return { body: c.raw as BodyInit, type: "application/json" };
    case "form":
      return {
        body: new URLSearchParams(fields.map(([k, v]) => [k, asString(v)])).toString(),
        type: "application/x-www-form-urlencoded",
      };
    case "multipart": {
      const parts = fields.map(
        ([k, v]) => `--B0und\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${asString(v)}\r\n`,
      );
      return { body: `${parts.join("")}--B0und--\r\n`, type: "multipart/form-data; boundary=B0und" };
    }
    case "multipart-broken":
      return {
        body: `--X\r\nContent-Disposition: form-data; name="a"\r\n\r\n${asString(c.body)}`,
        type: "multipart/form-data; boundary=Y",
      };
    case "text":
      return { body: asString(c.body), type: "text/plain" };
    case "no-type":
      return { body: asString(c.body), type: undefined };
    default:
      return { body: JSON.stringify(c.body ?? {}), type: "application/json" };
  }
}
