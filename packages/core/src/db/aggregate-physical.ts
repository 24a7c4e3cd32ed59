import { adapterError } from "./adapter";
import {
  type AggregateArgs,
  type AggregateGroup,
  assertPathSegment,
  type DriverAggregateArgs,
  type DriverAggregateGroup,
  isFilterGroup,
  type JsonFilter,
  type JsonFilterClause,
  type PhysicalFilter,
  type PhysicalFilterClause,
  type PhysicalTarget,
  parseBucket,
} from "./aggregate";
import { fieldDef, type PhysicalModel } from "./physical";
import type { WhereNode } from "./where";

function columnOf(pm: PhysicalModel, field: string, type?: "json" | "date" | "string"): string {
  const def = fieldDef(pm.model, field);
  if (type && def.type !== type) {
    throw adapterError(
      "INVALID_VALUE",
      `Field "${field}" of model "${pm.model.name}" is not a ${type} field`,
    );
  }
  const column = pm.columns.get(field);
  if (!column) throw adapterError("UNKNOWN_FIELD", `Model "${pm.model.name}" has no field "${field}"`);
  return column;
}

function jsonPath(pm: PhysicalModel, json: string, path: readonly string[]) {
  if (path.length === 0) throw adapterError("INVALID_VALUE", "A JSON path needs at least one key");
  try {
    for (const segment of path) assertPathSegment(segment);
  } catch (error) {
    throw adapterError("INVALID_VALUE", (error as Error).message);
  }
  return { json: columnOf(pm, json, "json"), path: [...path] };
}

function physicalFilter(pm: PhysicalModel, filter: JsonFilter): PhysicalFilter {
  return {
    conjunction: filter.conjunction,
    clauses: filter.clauses.map((c): PhysicalFilter | PhysicalFilterClause => {
      if (isFilterGroup(c)) return physicalFilter(pm, c);
      const clause: JsonFilterClause = c;
      const target: PhysicalTarget =
        "field" in clause.target
          ? { column: columnOf(pm, clause.target.field, "string") }
          : jsonPath(pm, clause.target.json, clause.target.path);
      return { target, operator: clause.operator, value: clause.value };
    }),
  };
}

/** `AggregateArgs` (logical names) -> what a driver receives (physical names). */
export function toDriverAggregate(
  pm: PhysicalModel,
  args: AggregateArgs,
  where: WhereNode | undefined,
): DriverAggregateArgs {
  if (args.func !== "count" && !args.property) {
    throw adapterError("INVALID_VALUE", `Aggregation "${args.func}" needs a property`);
  }
  return {
    table: pm.table,
    where,
    ...(args.filter ? { filter: physicalFilter(pm, args.filter) } : {}),
    func: args.func,
    ...(args.func !== "count" && args.property
      ? { property: jsonPath(pm, args.property.json, args.property.path) }
      : {}),
    ...(args.groupBy
      ? { groupBy: { column: columnOf(pm, args.groupBy.field, "date"), interval: args.groupBy.interval } }
      : {}),
  };
}

/** Driver groups -> numbers and Dates, oldest bucket first; one zero group when nothing matched. */
export function fromDriverGroups(
  groups: readonly DriverAggregateGroup[],
  grouped: boolean,
): AggregateGroup[] {
  const toNumber = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
  if (!grouped) return [{ bucket: null, value: toNumber(groups[0]?.value) }];
  return groups
    .map((g) => ({ bucket: parseBucket(g.bucket), value: toNumber(g.value) }))
    .sort((a, b) => a.bucket.getTime() - b.bucket.getTime());
}
