import { z } from "zod";
import { withFastPath } from "../../../plugin";
import { dateInput, pageQuery, scoped } from "../input";
import type { EventMetadata, EventMetadataValue } from "../rows";
import { parseIngestFast } from "./fast-parse";

/** Ingestion limits (BILLING.md 7.1 and the metadata rules of section 0, plus a nesting depth). */
export const USAGE_LIMITS = {
  eventsPerCall: 1000,
  nameLength: 128,
  externalIdLength: 255,
  metadataKeys: 50,
  metadataKeyLength: 40,
  metadataStringLength: 500,
  /** Objects inside metadata, counting the top level as 1. */
  metadataDepth: 3,
  /** Tolerated clock skew for timestamps ahead of the server's clock. */
  futureSkewMs: 60_000,
} as const;

const keyIssue = (key: string) =>
  key.length === 0 || key.length > USAGE_LIMITS.metadataKeyLength
    ? `Metadata keys are 1 to ${USAGE_LIMITS.metadataKeyLength} characters long`
    : /["\\.]/.test(key)
      ? "Metadata keys cannot contain dots, quotes or backslashes"
      : undefined;

/** The first problem of a metadata value (depth counts objects), or undefined. */
function metadataIssue(value: unknown, depth: number): string | undefined {
  if (typeof value === "string") {
    return value.length > USAGE_LIMITS.metadataStringLength
      ? `Metadata string values are at most ${USAGE_LIMITS.metadataStringLength} characters long`
      : undefined;
  }
  if (typeof value === "number")
    return Number.isFinite(value) ? undefined : "Metadata numbers must be finite";
  if (typeof value === "boolean") return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return "Metadata values are strings, numbers, booleans or objects of them";
  }
  if (depth > USAGE_LIMITS.metadataDepth) {
    return `Metadata is nested at most ${USAGE_LIMITS.metadataDepth} levels deep`;
  }
  const entries = Object.entries(value);
  if (entries.length > USAGE_LIMITS.metadataKeys)
    return `Metadata has at most ${USAGE_LIMITS.metadataKeys} keys`;
  for (const [key, inner] of entries) {
    const issue = keyIssue(key) ?? metadataIssue(inner, depth + 1);
    if (issue) return issue;
  }
  return undefined;
}

export const eventMetadataInput = z
  .record(z.string(), z.unknown())
  .superRefine((value, ctx) => {
    const issue = metadataIssue(value, 1);
    if (issue) ctx.addIssue({ code: "custom", message: issue });
  })
  .transform((value) => value as Record<string, EventMetadataValue> as EventMetadata);

export const eventInput = z
  .object({
    name: z.string().trim().min(1).max(USAGE_LIMITS.nameLength),
    customerId: z.string().min(1).max(255).optional(),
    externalCustomerId: z.string().min(1).max(255).optional(),
    timestamp: dateInput.optional(),
    metadata: eventMetadataInput.optional(),
    externalId: z.string().min(1).max(USAGE_LIMITS.externalIdLength).optional(),
  })
  .refine((e) => (e.customerId === undefined) !== (e.externalCustomerId === undefined), {
    message: "Give exactly one of customerId and externalCustomerId",
    path: ["customerId"],
  });

/** A batch; valid batches are parsed by `parseIngestFast` (same output), the rest by zod. */
export const ingestInput = withFastPath(
  z.object({
    ...scoped,
    events: z
      .array(eventInput)
      .min(1, "Send at least one event")
      .max(USAGE_LIMITS.eventsPerCall, `At most ${USAGE_LIMITS.eventsPerCall} events per call`),
  }),
  (input) => parseIngestFast(input, USAGE_LIMITS, (value) => metadataIssue(value, 1)) as never,
);

/** The better-auth client's `usage.ingest({ event, metadata })`. */
export const buyerIngestInput = z.object({
  event: z.string().trim().min(1).max(USAGE_LIMITS.nameLength),
  metadata: eventMetadataInput.optional(),
  organizationId: z.string().min(1).max(255).optional(),
});

export const eventListInput = z.object({
  ...pageQuery,
  customerId: z.string().min(1).max(255).optional(),
  externalCustomerId: z.string().min(1).max(255).optional(),
  name: z.string().min(1).max(USAGE_LIMITS.nameLength).optional(),
  startTimestamp: dateInput.optional(),
  endTimestamp: dateInput.optional(),
});

export const eventIdInput = z.object({ ...scoped, id: z.string().min(1).max(255) });

export const quantitiesInput = z.object({
  ...scoped,
  meterId: z.string().min(1).max(255),
  startTimestamp: dateInput,
  endTimestamp: dateInput,
  interval: z.enum(["hour", "day", "week", "month"]),
  customerId: z.string().min(1).max(255).optional(),
});

export type IngestInput = z.input<typeof ingestInput>;
export type EventListInput = z.input<typeof eventListInput>;
export type EventIdInput = z.input<typeof eventIdInput>;
export type QuantitiesInput = z.input<typeof quantitiesInput>;
