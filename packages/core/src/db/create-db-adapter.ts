import { generateRandomString } from "../crypto/random";
import {
  type AdapterDriver,
  type AdapterOptions,
  adapterError,
  type DBAdapter,
  type FindManyArgs,
  type PhysicalJoin,
  type PhysicalSort,
  type Row,
  type SortBy,
} from "./adapter";
import { fromDriverGroups, toDriverAggregate } from "./aggregate-physical";
import { createJoinPlanner, type JoinPlan } from "./join-plan";
import { currentTime, type FieldDef, type Schema } from "./model";
import {
  fieldDef,
  insertRowToStorage,
  type PhysicalModel,
  resolvePhysical,
  rowFromStorage,
  rowToStorage,
  whereToStorage,
} from "./physical";
import { bindUpdateOneWith } from "./update-one-with";
import { andWhere, mapWhere, normalizeWhere, type Where, type WhereNode } from "./where";

/** Ids are 32 characters from a CSPRNG over [A-Za-z0-9]: about 190 bits, unguessable. */
export const defaultGenerateId = (): string => generateRandomString(32);

/** Wraps a driver with name mapping, value conversion, defaults, joins and the atomic helpers. */
export function createDBAdapter(
  driver: AdapterDriver,
  schema: Schema,
  options: AdapterOptions = {},
): DBAdapter {
  const models = resolvePhysical(schema, options);
  const generateId = options.generateId ?? defaultGenerateId;
  const clock = options.now ?? (() => new Date());
  /** A default or onUpdate value: `currentTime` reads the adapter's clock. */
  const produce = (value: unknown): unknown =>
    value === currentTime ? clock() : typeof value === "function" ? (value as () => unknown)() : value;
  const pmOf = (model: string): PhysicalModel => {
    const pm = models.get(model);
    if (!pm) throw adapterError("UNKNOWN_MODEL", `Unknown model "${model}"`);
    return pm;
  };
  const { planJoins, columnsOf } = createJoinPlanner(pmOf);
  return bind(driver, false);

  function bind(d: AdapterDriver, inTransaction: boolean): DBAdapter {
    const caps = d.capabilities;

    const column = (pm: PhysicalModel, field: string): string => {
      const c = pm.columns.get(field);
      if (!c) throw adapterError("UNKNOWN_FIELD", `Model "${pm.model.name}" has no field "${field}"`);
      return c;
    };

    const physicalWhere = (pm: PhysicalModel, where: Where | undefined): WhereNode | undefined => {
      const node = normalizeWhere(where);
      return node
        ? mapWhere(
            node,
            (f) => column(pm, f),
            (f, v) => whereToStorage(fieldDef(pm.model, f), v, caps),
          )
        : undefined;
    };

    const physicalSort = (pm: PhysicalModel, sortBy: FindManyArgs["sortBy"]): PhysicalSort[] | undefined => {
      if (!sortBy) return undefined;
      const list: readonly SortBy[] = Array.isArray(sortBy) ? sortBy : [sortBy as SortBy];
      return list.map((s) => ({ column: column(pm, s.field), direction: s.direction ?? "asc" }));
    };

    const selectColumns = (
      pm: PhysicalModel,
      select: readonly string[] | undefined,
      plans: JoinPlan[],
    ): string[] | undefined => {
      if (!select) return undefined;
      const needed = new Set(["id", ...select, ...plans.map((p) => p.localField)]);
      return [...needed].map((f) => column(pm, f));
    };

    async function find(pm: PhysicalModel, args: Omit<FindManyArgs, "model">): Promise<Row[]> {
      const plans = planJoins(pm, args.join);
      const inline = caps.joins ? plans.filter((p) => p.kind === "one") : [];
      const joins: PhysicalJoin[] = inline.map((p) => ({
        alias: p.key,
        table: p.target.table,
        localColumn: column(pm, p.localField),
        foreignColumn: column(p.target, p.foreignField),
        columns: columnsOf(p.target),
        ...(p.where ? { where: physicalWhere(p.target, p.where) } : {}),
      }));
      // A filtered one-to-one join the driver cannot do inline: find the matching related rows
      // first, then only base rows pointing at them (two queries instead of one).
      let where = args.where;
      for (const p of plans) {
        if (p.kind !== "one" || !p.where || inline.includes(p)) continue;
        const related = await find(p.target, { where: p.where, select: [p.foreignField] });
        const keys = [...new Set(related.map((r) => r[p.foreignField]))] as (string | number)[];
        if (keys.length === 0) return [];
        where = [...(where ?? []), { field: p.localField, operator: "in", value: keys }];
      }
      const rows = await d.findMany({
        table: pm.table,
        where: physicalWhere(pm, where),
        columns: selectColumns(pm, args.select, plans),
        sortBy: physicalSort(pm, args.sortBy),
        limit: args.limit,
        offset: args.offset,
        joins: joins.length > 0 ? joins : undefined,
      });
      const out = rows.map((raw) => {
        const row = rowFromStorage(pm, raw, caps, args.select);
        for (const p of inline) {
          const nested = raw[p.key] as Row | null | undefined;
          row[p.key] = nested ? rowFromStorage(p.target, nested, caps) : null;
        }
        return { raw, row };
      });
      for (const p of plans) {
        if (inline.includes(p)) continue;
        await loadSeparately(pm, p, out);
      }
      return out.map((o) => o.row);
    }

    /** Loads a join with one extra query for all rows (never one query per row). */
    async function loadSeparately(pm: PhysicalModel, p: JoinPlan, out: { raw: Row; row: Row }[]) {
      const keyOf = (o: { raw: Row }) =>
        rowFromStorage(pm, { [column(pm, p.localField)]: o.raw[column(pm, p.localField)] }, caps)[
          p.localField
        ];
      const keys = [...new Set(out.map(keyOf).filter((k) => k !== null && k !== undefined))] as (
        | string
        | number
      )[];
      const related =
        keys.length === 0
          ? []
          : await find(p.target, {
              where: [{ field: p.foreignField, operator: "in", value: keys }, ...(p.where ?? [])],
            });
      const groups = new Map<unknown, Row[]>();
      for (const r of related) {
        const k = r[p.foreignField];
        const list = groups.get(k) ?? [];
        list.push(r);
        groups.set(k, list);
      }
      for (const o of out) {
        const list = groups.get(keyOf(o)) ?? [];
        o.row[p.key] = p.kind === "one" ? (list[0] ?? null) : list.slice(0, p.limit);
      }
    }

    /** How a new row of `pm` gets its id and its defaults (`insertRowToStorage`). */
    const fill = (pm: PhysicalModel) => ({ id: () => generateId(pm.model.name), value: produce });

    const applyUpdate = (pm: PhysicalModel, update: Row): Row => {
      const row: Row = { ...update };
      for (const [name, def] of Object.entries(pm.model.fields) as [string, FieldDef][]) {
        if (row[name] === undefined && def.onUpdate) row[name] = produce(def.onUpdate);
        if (row[name] !== undefined && row[name] !== null && def.transform) {
          row[name] = (def.transform as (v: unknown) => unknown)(row[name]);
        }
      }
      return row;
    };

    const byId = (id: unknown): Where => [{ field: "id", value: id as string }];

    const updateOneWith = bindUpdateOneWith(d, { pmOf, column, physicalWhere, find }, caps);

    const adapter: DBAdapter = {
      id: d.id,
      schema,
      capabilities: caps,
      inTransaction,

      async create({ model, data, select }) {
        const pm = pmOf(model);
        const stored = await d.insert({
          table: pm.table,
          values: insertRowToStorage(pm, data, caps, fill(pm)),
        });
        return rowFromStorage(pm, stored, caps, select) as never;
      },

      async createMany({ model, data }) {
        const pm = pmOf(model);
        const rows = data.map((row) => insertRowToStorage(pm, row, caps, fill(pm)));
        if (rows.length === 0) return 0;
        if (d.insertMany) return d.insertMany({ table: pm.table, rows });
        const one = async (tx: AdapterDriver) => {
          for (const values of rows) await tx.insert({ table: pm.table, values });
          return rows.length;
        };
        return inTransaction ? one(d) : d.transaction(one);
      },

      ...(d.insertManySkippingDuplicates && {
        async createManySkippingDuplicates({ model, data, unique }) {
          const pm = pmOf(model);
          const key = unique.join("\0");
          if (!pm.model.indexes?.some((i) => i.unique && i.fields.join("\0") === key)) {
            throw adapterError(
              "INVALID_VALUE",
              `Model "${pm.model.name}" has no unique index on (${unique.join(", ")})`,
            );
          }
          const rows = data.map((row) => insertRowToStorage(pm, row, caps, fill(pm)));
          if (rows.length === 0) return 0;
          const columns = unique.map((f) => column(pm, f));
          return d.insertManySkippingDuplicates!({ table: pm.table, rows, unique: columns });
        },
      }),

      async aggregate(args) {
        const pm = pmOf(args.model);
        if (!d.aggregate) {
          throw new Error(`The ${d.id} adapter cannot evaluate aggregations in the database`);
        }
        const groups = await d.aggregate(toDriverAggregate(pm, args, physicalWhere(pm, args.where)));
        return fromDriverGroups(groups, args.groupBy !== undefined);
      },

      async findOne({ model, where, select, join }) {
        const rows = await find(pmOf(model), { where, select, join, limit: 1 });
        return (rows[0] ?? null) as never;
      },

      async findMany({ model, ...args }) {
        return (await find(pmOf(model), args)) as never;
      },

      count({ model, where }) {
        const pm = pmOf(model);
        return d.count({ table: pm.table, where: physicalWhere(pm, where) });
      },

      async update({ model, where, update }) {
        const pm = pmOf(model);
        if (d.updateReturning) {
          const values = rowToStorage(pm, applyUpdate(pm, update), caps);
          const rows = await d.updateReturning({ table: pm.table, where: physicalWhere(pm, where), values });
          return (rows[0] ? rowFromStorage(pm, rows[0], caps) : null) as never;
        }
        const target = await find(pm, { where, select: ["id"], limit: 1 });
        if (!target[0]) return null;
        const values = rowToStorage(pm, applyUpdate(pm, update), caps);
        // The condition is checked again in the UPDATE itself: a row another writer changed
        // in between no longer matches, so a conditional update has one winner.
        const idWhere = andWhere(physicalWhere(pm, byId(target[0].id)), physicalWhere(pm, where));
        const changed = await d.updateMany({ table: pm.table, where: idWhere, values });
        if (changed === 0) return null;
        return ((await find(pm, { where: byId(target[0].id), limit: 1 }))[0] ?? null) as never;
      },

      updateMany({ model, where, update }) {
        const pm = pmOf(model);
        const values = rowToStorage(pm, applyUpdate(pm, update), caps);
        return d.updateMany({ table: pm.table, where: physicalWhere(pm, where), values });
      },

      delete({ model, where }) {
        const pm = pmOf(model);
        return d.deleteMany({ table: pm.table, where: physicalWhere(pm, where) });
      },

      deleteMany({ model, where }) {
        const pm = pmOf(model);
        return d.deleteMany({ table: pm.table, where: physicalWhere(pm, where) });
      },

      async consumeOne({ model, where }) {
        const pm = pmOf(model);
        const [row] = await find(pm, { where, limit: 1 });
        if (!row) return null;
        // The delete is the arbiter: of all concurrent callers, exactly one deletes the row.
        const deleted = await d.deleteMany({
          table: pm.table,
          where: andWhere(physicalWhere(pm, byId(row.id)), physicalWhere(pm, where)),
        });
        return (deleted === 1 ? row : null) as never;
      },

      async incrementOne({ model, where, field, by, max, min }) {
        const pm = pmOf(model);
        const guards: Where = [
          ...(max !== undefined ? [{ field, operator: "lte" as const, value: max - by }] : []),
          ...(min !== undefined ? [{ field, operator: "gte" as const, value: min - by }] : []),
        ];
        const args = {
          table: pm.table,
          where: physicalWhere(pm, [...where, ...guards]),
          column: column(pm, field),
          by,
        };
        if (d.incrementReturning) {
          const [changedRow] = await d.incrementReturning(args);
          return (changedRow ? rowFromStorage(pm, changedRow, caps) : null) as never;
        }
        const changed = await d.increment(args);
        if (changed === 0) return null;
        return ((await find(pm, { where, limit: 1 }))[0] ?? null) as never;
      },

      async claimDue({ model, where = [], limit, leaseMs, now, sortBy, leaseFields }) {
        const pm = pmOf(model);
        const until = leaseFields?.until ?? "lockedUntil";
        const tokenField = leaseFields?.token ?? "lockToken";
        const free: Where = [
          {
            or: [
              { field: until, value: null },
              { field: until, operator: "lt", value: now },
            ],
          },
        ];
        const candidates = await find(pm, { where: [...where, ...free], select: ["id"], sortBy, limit });
        if (candidates.length === 0) return [];
        const token = generateRandomString(32);
        const ids = candidates.map((c) => c.id as string);
        // The lease check is repeated in the UPDATE itself: a row another worker claimed meanwhile
        // no longer matches, so it is never claimed twice.
        await d.updateMany({
          table: pm.table,
          where: physicalWhere(pm, [{ field: "id", operator: "in", value: ids }, ...free]),
          values: rowToStorage(pm, { [until]: new Date(now.getTime() + leaseMs), [tokenField]: token }, caps),
        });
        return (await find(pm, { where: [{ field: tokenField, value: token }], sortBy })) as never;
      },

      ...(updateOneWith ? { updateOneWith } : {}),

      transaction(fn) {
        if (inTransaction) return fn(adapter);
        return d.transaction((tx) => fn(bind(tx, true)));
      },
    };
    return adapter;
  }
}
