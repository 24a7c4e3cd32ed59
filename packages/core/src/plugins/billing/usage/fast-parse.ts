import { z } from "zod";
import type { EventMetadata } from "../rows";

/**
 * A hand-written parser for batches of usage events (`withFastPath` on `ingestInput`): for a
 * batch that every rule of `ingestInput` accepts it returns what zod returns (same keys in the
 * same order, names trimmed, timestamps as new Dates, metadata copied); for anything else it
 * returns undefined and zod parses, so errors are unchanged. Zod cost ~8 µs per event, more CPU
 * than the rest of ingestion in Node (docs/performance.md, "Billing workloads").
 * `test/billing/usage/fast-parse.test.ts` compares the two on valid and invalid batches.
 */

export interface FastLimits {
  readonly eventsPerCall: number;
  readonly nameLength: number;
  readonly externalIdLength: number;
}

/** z.iso.datetime({ offset: true })'s own pattern, so the two accept the same texts. */
const ISO_DATETIME: unknown = z.iso.datetime({ offset: true })._zod.pattern;

const ID_LENGTH = 255;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** A string of 1 to `max` characters, or undefined (absent). `false` when it is neither. */
const optionalText = (value: unknown, max: number): boolean =>
  value === undefined || (typeof value === "string" && value.length >= 1 && value.length <= max);

function parseTimestamp(value: unknown): Date | undefined | false {
  if (value === undefined) return undefined;
  if (typeof value === "string") {
    return ISO_DATETIME instanceof RegExp && ISO_DATETIME.test(value) ? new Date(value) : false;
  }
  if (value instanceof Date && !Number.isNaN(value.getTime())) return new Date(value);
  return false;
}

function parseEvent(
  input: unknown,
  limits: FastLimits,
  metadataIssue: (value: unknown) => string | undefined,
): Record<string, unknown> | false {
  if (!isPlainObject(input)) return false;
  const { name, customerId, externalCustomerId, metadata, externalId } = input;
  if (typeof name !== "string") return false;
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > limits.nameLength) return false;
  if (!optionalText(customerId, ID_LENGTH) || !optionalText(externalCustomerId, ID_LENGTH)) return false;
  if ((customerId === undefined) === (externalCustomerId === undefined)) return false;
  if (!optionalText(externalId, limits.externalIdLength)) return false;
  const timestamp = parseTimestamp(input.timestamp);
  if (timestamp === false) return false;
  let copy: EventMetadata | undefined;
  if (metadata !== undefined) {
    // zod's record skips a "__proto__" key and rejects symbol keys: left to zod.
    if (
      !isPlainObject(metadata) ||
      Object.hasOwn(metadata, "__proto__") ||
      Object.getOwnPropertySymbols(metadata).length > 0 ||
      metadataIssue(metadata) !== undefined
    ) {
      return false;
    }
    copy = { ...(metadata as EventMetadata) };
  }
  // Keys in the schema's order; a key given (even as undefined) is in the output, an absent one is not.
  const out: Record<string, unknown> = { name: trimmed };
  if ("customerId" in input) out.customerId = customerId;
  if ("externalCustomerId" in input) out.externalCustomerId = externalCustomerId;
  if ("timestamp" in input) out.timestamp = timestamp;
  if ("metadata" in input) out.metadata = copy;
  if ("externalId" in input) out.externalId = externalId;
  return out;
}

/** The batch `{ organizationId?, events }` as zod would output it, or undefined. */
export function parseIngestFast(
  input: unknown,
  limits: FastLimits,
  metadataIssue: (value: unknown) => string | undefined,
): { organizationId?: string | null; events: Record<string, unknown>[] } | undefined {
  if (!isPlainObject(input)) return undefined;
  const { organizationId, events } = input;
  if (
    !(
      organizationId === undefined ||
      organizationId === null ||
      (typeof organizationId === "string" && organizationId.length >= 1)
    )
  ) {
    return undefined;
  }
  if (!Array.isArray(events) || events.length < 1 || events.length > limits.eventsPerCall) return undefined;
  const parsed: Record<string, unknown>[] = new Array(events.length);
  for (let i = 0; i < events.length; i++) {
    const event = parseEvent(events[i], limits, metadataIssue);
    if (event === false) return undefined;
    parsed[i] = event;
  }
  // As zod: a key given (even as undefined) is in the output, an absent one is not.
  return "organizationId" in input
    ? { organizationId: organizationId as string | null | undefined, events: parsed }
    : { events: parsed };
}
