import { z } from "zod";
import { queryBoolean } from "../../../../plugin";
import { metadataInput, pageQuery, scoped } from "../input";

export const FILTER_OPERATORS = ["eq", "ne", "gt", "gte", "lt", "lte", "like", "not_like"] as const;

/** A clause value: a string of at most 1000 characters, a 32-bit integer or a boolean (BILLING.md 7.3). */
const clauseValue = z.union(
  [
    z.string().max(1000, "A filter value is at most 1000 characters long."),
    z
      .number()
      .int("A filter number is a 32-bit integer.")
      .min(-2_147_483_648, "A filter number is a 32-bit integer.")
      .max(2_147_483_647, "A filter number is a 32-bit integer."),
    z.boolean(),
  ],
  { error: "A filter value is a string, a 32-bit integer or a boolean." },
);

/** `{ property, operator, value }` (no `conjunction`: that marks a nested filter). */
export const filterClauseInput = z.object({
  conjunction: z.undefined().optional(),
  property: z.string().trim().min(1),
  operator: z.enum(FILTER_OPERATORS),
  value: clauseValue,
});

/** `{ conjunction, clauses }`, clauses being clauses or nested filters; no clauses matches every event. */
export const meterFilterInput = z.object({
  conjunction: z.enum(["and", "or"]),
  get clauses(): z.ZodArray<z.ZodDiscriminatedUnion<[typeof filterClauseInput, typeof meterFilterInput]>> {
    return z.array(z.discriminatedUnion("conjunction", [filterClauseInput, meterFilterInput]));
  },
});

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

export type MeterFilter = z.output<typeof meterFilterInput>;
export type MeterCreateInput = z.input<typeof meterCreateInput>;
export type MeterUpdateInput = z.input<typeof meterUpdateInput>;
export type MeterListInput = z.input<typeof meterListInput>;
