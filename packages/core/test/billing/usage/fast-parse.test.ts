import { describe, expect, it } from "vitest";
import { parseFast } from "../../../src/plugin";
import { ingestInput } from "../../../src/plugins/billing/usage/schemas";

/**
 * The hand-written parser of ingestion batches (`parseIngestFast`, registered on `ingestInput`)
 * must return exactly zod's output for what it accepts and decline everything zod rejects (zod
 * then reports the errors): compared here on valid and invalid batches.
 */
const event = (over: Record<string, unknown> = {}) => ({
  name: "api.call",
  customerId: "cus_1",
  timestamp: "2026-01-10T08:00:00Z",
  externalId: "evt_1",
  metadata: { tokens: 3, region: "eu", nested: { ok: true } },
  ...over,
});
const batch = (...events: unknown[]) => ({ events });
const nullProto = Object.assign(Object.create(null) as object, { tokens: 1 });

const valid: [string, unknown][] = [
  ["one event", batch(event())],
  ["organizationId", { organizationId: "org_1", ...batch(event()) }],
  ["organizationId null", { organizationId: null, ...batch(event()) }],
  ["organizationId undefined", { organizationId: undefined, ...batch(event()) }],
  ["unknown keys are stripped", { extra: 1, ...batch(event({ extra: "x" })) }],
  ["externalCustomerId", batch(event({ customerId: undefined, externalCustomerId: "ext_1" }))],
  ["absent optional keys", batch({ name: "n", customerId: "c" })],
  ["name trimmed", batch(event({ name: "  api.call  " }))],
  ["timestamp with offset and fraction", batch(event({ timestamp: "2026-01-10T08:00:00.123+02:00" }))],
  ["timestamp as Date", batch(event({ timestamp: new Date(Date.UTC(2026, 0, 1)) }))],
  ["timestamp undefined", batch(event({ timestamp: undefined }))],
  ["metadata empty", batch(event({ metadata: {} }))],
  ["metadata null prototype", batch(event({ metadata: nullProto }))],
  ["1,000 events", batch(...Array.from({ length: 1000 }, (_, i) => event({ externalId: `e${i}` })))],
  [
    "long values at the limits",
    batch(event({ name: "n".repeat(128), externalId: "x".repeat(255), customerId: "c".repeat(255) })),
  ],
];

const invalid: [string, unknown][] = [
  ["not an object", "events"],
  ["no events", {}],
  ["events not an array", { events: {} }],
  ["empty batch", batch()],
  ["1,001 events", batch(...Array.from({ length: 1001 }, () => event()))],
  ["organizationId empty", { organizationId: "", ...batch(event()) }],
  ["event not an object", batch("x")],
  ["event null", batch(null)],
  ["name missing", batch(event({ name: undefined }))],
  ["name blank", batch(event({ name: "   " }))],
  ["name too long", batch(event({ name: "n".repeat(129) }))],
  ["name a number", batch(event({ name: 3 }))],
  ["both customers", batch(event({ externalCustomerId: "ext" }))],
  ["no customer", batch(event({ customerId: undefined }))],
  ["customerId empty", batch(event({ customerId: "" }))],
  ["customerId too long", batch(event({ customerId: "c".repeat(256) }))],
  ["externalId empty", batch(event({ externalId: "" }))],
  ["externalId too long", batch(event({ externalId: "x".repeat(256) }))],
  ["externalId null", batch(event({ externalId: null }))],
  ["timestamp not ISO", batch(event({ timestamp: "2026-01-10 08:00" }))],
  ["timestamp without offset", batch(event({ timestamp: "2026-01-10T08:00:00" }))],
  ["timestamp invalid day", batch(event({ timestamp: "2026-02-30T08:00:00Z" }))],
  ["timestamp a number", batch(event({ timestamp: 1 }))],
  ["timestamp invalid Date", batch(event({ timestamp: new Date(Number.NaN) }))],
  ["metadata an array", batch(event({ metadata: [1] }))],
  ["metadata null", batch(event({ metadata: null }))],
  ["metadata value an array", batch(event({ metadata: { a: [1] } }))],
  ["metadata key with a dot", batch(event({ metadata: { "a.b": 1 } }))],
  ["metadata too deep", batch(event({ metadata: { a: { b: { c: { d: 1 } } } } }))],
  ["metadata string too long", batch(event({ metadata: { a: "x".repeat(501) } }))],
  ["metadata NaN", batch(event({ metadata: { a: Number.NaN } }))],
  ["a bad event after good ones", batch(event(), event(), event({ name: "" }))],
];

const keysDeep = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(keysDeep)
    : value && typeof value === "object" && !(value instanceof Date)
      ? Object.entries(value).map(([k, v]) => [k, keysDeep(v)])
      : value;

describe("usage ingestion: the fast batch parser agrees with zod", () => {
  it.each(valid)("accepts %s with zod's output", (_, input) => {
    const zod = ingestInput.safeParse(input);
    expect(zod.success).toBe(true);
    const fast = parseFast(ingestInput, input);
    expect(fast).toBeDefined();
    expect(fast).toStrictEqual(zod.data);
    expect(keysDeep(fast)).toStrictEqual(keysDeep(zod.data));
  });

  it.each(invalid)("declines %s (zod reports it)", (_, input) => {
    expect(ingestInput.safeParse(input).success).toBe(false);
    expect(parseFast(ingestInput, input)).toBeUndefined();
  });

  it("declines metadata whose keys zod treats specially", () => {
    const withProto = JSON.parse('{"__proto__": {"a": 1}, "b": 2}') as object;
    const withSymbol = { a: 1, [Symbol("s")]: 2 };
    for (const metadata of [withProto, withSymbol]) {
      expect(parseFast(ingestInput, batch(event({ metadata })))).toBeUndefined();
    }
  });
});
