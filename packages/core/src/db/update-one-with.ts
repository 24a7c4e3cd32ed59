import {
  type AdapterDriver,
  adapterError,
  type DriverCapabilities,
  type FindManyArgs,
  type Row,
} from "./adapter";
import { fieldDef, type PhysicalModel, rowFromStorage, toStorage } from "./physical";
import { type ColumnExpr, type FieldExpr, orderAssignments, type UpdateOneWithArgs } from "./update-with";
import { andWhere, type Where, type WhereNode } from "./where";

/** What `createDBAdapter` lends: name resolution, where conversion and its logical find. */
export interface ModelTools {
  readonly pmOf: (model: string) => PhysicalModel;
  readonly column: (pm: PhysicalModel, field: string) => string;
  readonly physicalWhere: (pm: PhysicalModel, where: Where | undefined) => WhereNode | undefined;
  readonly find: (pm: PhysicalModel, args: Omit<FindManyArgs, "model">) => Promise<Row[]>;
}

/** `DBAdapter.updateOneWith` over a driver with `updateWith`; undefined without it. */
export function bindUpdateOneWith(d: AdapterDriver, tools: ModelTools, caps: DriverCapabilities) {
  const updateWith = d.updateWith?.bind(d);
  if (!updateWith) return undefined;
  const { pmOf, column, physicalWhere, find } = tools;

  /** A field expression in physical names; literals converted for the field they are set on. */
  const columnExpr = (pm: PhysicalModel, target: string, expr: FieldExpr): ColumnExpr => {
    if ("when" in expr) {
      const when = physicalWhere(pm, expr.when);
      if (!when) throw adapterError("INVALID_VALUE", "An empty condition in an update expression");
      return {
        when,
        use: columnExpr(pm, target, expr.use),
        otherwise: columnExpr(pm, target, expr.otherwise),
      };
    }
    if ("field" in expr) return { column: column(pm, expr.field), ...(expr.add ? { add: expr.add } : {}) };
    return { value: toStorage(fieldDef(pm.model, target), expr.value, caps) };
  };

  return async function updateOneWith<T = Row>(args: UpdateOneWithArgs) {
    const { model, match, where, set, returning = true } = args;
    const pm = pmOf(model);
    const matched = physicalWhere(pm, match);
    if (!matched) throw adapterError("INVALID_VALUE", "updateOneWith needs a match");
    const assignments = orderAssignments(
      Object.entries(set).map(([field, expr]) => [column(pm, field), columnExpr(pm, field, expr)] as const),
    );
    const result = await updateWith({
      table: pm.table,
      where: andWhere(matched, physicalWhere(pm, where)) ?? matched,
      set: assignments,
      returning,
    });
    if (result.count === 0) return { changed: false, row: null };
    if (!returning) return { changed: true, row: null };
    const stored = result.rows?.[0];
    const row = stored
      ? rowFromStorage(pm, stored, caps)
      : ((await find(pm, { where: match, limit: 1 }))[0] ?? null);
    return { changed: true, row: (row ?? null) as T | null };
  };
}
