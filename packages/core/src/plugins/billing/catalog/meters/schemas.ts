import { z } from "zod";
import { queryBoolean } from "../../../../router/schemas";
import { metadataInput, pageQuery, scoped } from "../input";

export const FILTER_OPERATORS = ["eq", "ne", "gt", "gte", "lt", "lte", "like", "not_like"] as const;

/** A clause value: a string of at most 1000 characters, a 32-bit integer or a boolean (BILLING.md 7.3). */
const clauseValue = z.union([
  z.string().max(1000, "A filter value is at most 1000 characters long."),
  z
    .number()
    .int("A filter number must be an integer.")
    .min(-2_147_483_648, "A filter number must fit in 32 bits.")
    .max(2_147_483_647, "A filter number must fit in 32 bits."),
  z.boolean(),
]);

export const filterClauseInput = z.object({
  property: z.string().trim().min(1),
  operator: z.enum(FILTER_OPERATORS),
  value: clauseValue,
});

export interface MeterFilter {
  conjunction: "and" | "or";
  clauses: (z.output<typeof filterClauseInput> | MeterFilter)[];
}

/** `{ conjunction, clauses }`, clauses being clauses or nested filters; no clauses matches every event. */
export const meterFilterInput: z.ZodType<MeterFilter> = z.lazy(() =>
  z.object({
    conjunction: z.enum(["and", "or"]),
    clauses: z.array(z.union([filterClauseInput, meterFilterInput])),
  }),
);

/** `{ func: "count" }` or `{ func: sum|max|min|avg, property }`. */
export const aggregationInput = z.discriminatedUnion("func", [
  z.object({ func: z.literal("count") }),
  z.object({ func: z.enum(["sum", "max", "min", "avg"]), property: z.string().trim().min(1) }),
]);

const name = z.string().trim().min(3, "Name must be at least 3 characters long.");

export const meterCreateInput = z.object({
  ...scoped,
  name,
  filter: meterFilterInput,
  aggregation: aggregationInput,
  metadata: metadataInput.optional(),
});

export const meterUpdateInput = z.object({
  ...scoped,
  id: z.string().min(1),
  name: name.optional(),
  filter: meterFilterInput.optional(),
  aggregation: aggregationInput.optional(),
  metadata: metadataInput.optional(),
  isArchived: z.boolean().optional(),
});

export const meterIdInput = z.object({ ...scoped, id: z.string().min(1) });

export const meterListInput = z.object({
  ...pageQuery,
  isArchived: queryBoolean.optional(),
  query: z.string().optional(),
});

export type MeterCreateInput = z.input<typeof meterCreateInput>;
export type MeterUpdateInput = z.input<typeof meterUpdateInput>;
export type MeterListInput = z.input<typeof meterListInput>;
