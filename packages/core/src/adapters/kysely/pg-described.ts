/*
 * A named prepared statement's result columns, kept per connection so that later executions skip
 * the portal Describe. pg sends Bind, Describe, Execute, Sync for every execution of a prepared
 * statement and rebuilds its row parsers from the RowDescription each time; for the adapter's wide
 * rows (a checkout is 55 columns) that was the largest piece of the driver's CPU per statement.
 *
 * Kept per connection, never shared: two connections may have prepared one text under different
 * schemas (a column added in between). On one connection a prepared statement's result columns
 * cannot change: PostgreSQL answers 0A000 instead, and `pg-prepared.ts` then gives the text a new
 * name (a new entry here). Statements that return no rows are kept too (no columns).
 *
 * This reaches into pg's `Query` and `Result` (pg 8: `prepare`, `_getRows`, `_result.fields`,
 * `_parsers`, `_prebuiltEmptyResultObject`, `_accumulateRows`); `describedQuery` returns undefined
 * when they are not there, and then every execution describes as before.
 */

/** pg's Connection (only passed through, and its `describe` shadowed for one call). */
type PgConnection = object;

interface PgResult {
  fields: unknown[];
  _parsers: unknown[] | undefined;
  _prebuiltEmptyResultObject: unknown;
}

/** The members of pg's Query this relies on. */
interface PgQueryInternals {
  name?: string;
  _result: PgResult;
  _accumulateRows: boolean;
  callback?: unknown;
  prepare(connection: PgConnection): void;
  hasBeenParsed(connection: PgConnection): boolean;
  handleRowDescription(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: PgConnection): void;
  _getRows(connection: PgConnection, rows: unknown): void;
}

interface Described {
  readonly fields: unknown[];
  readonly parsers: unknown[] | undefined;
  readonly empty: unknown;
}

type QueryConstructor = new (text: string, values: readonly unknown[]) => object;

const byConnection = new WeakMap<object, Map<string, Described>>();

const describedOf = (connection: object): Map<string, Described> => {
  let map = byConnection.get(connection);
  if (!map) {
    map = new Map();
    byConnection.set(connection, map);
  }
  return map;
};

const skipDescribe = () => undefined;

const classes = new WeakMap<QueryConstructor, QueryConstructor | null>();

/**
 * pg's Query class with the Describe of a known statement skipped, or undefined when pg's Query
 * does not have the members this relies on.
 */
export function describedQuery(Query: QueryConstructor): QueryConstructor | undefined {
  const made = classes.get(Query);
  if (made !== undefined) return made ?? undefined;
  const proto = Query.prototype as Partial<PgQueryInternals>;
  const usable =
    typeof proto.prepare === "function" &&
    typeof proto.hasBeenParsed === "function" &&
    typeof proto._getRows === "function" &&
    typeof proto.handleRowDescription === "function" &&
    typeof proto.handleCommandComplete === "function";
  if (!usable) {
    classes.set(Query, null);
    return undefined;
  }
  const Base = Query as unknown as new (text: string, values: readonly unknown[]) => PgQueryInternals;
  class DescribedOnce extends Base {
    #connection: PgConnection | undefined;
    #described = false;

    override prepare(connection: PgConnection): void {
      const name = this.name;
      const known = name && this.hasBeenParsed(connection) ? describedOf(connection).get(name) : undefined;
      this.#connection = connection;
      if (!known) {
        super.prepare(connection);
        return;
      }
      // pg's own prepare (parse if needed, bind, execute, sync) with its Describe left out: this
      // connection's answer to it is known.
      this._result.fields = known.fields;
      this._result._parsers = known.parsers;
      this._result._prebuiltEmptyResultObject = known.empty;
      this._accumulateRows = true;
      this.#described = true;
      const own = connection as unknown as { describe?: unknown };
      own.describe = skipDescribe;
      try {
        super.prepare(connection);
      } finally {
        delete own.describe;
      }
    }

    override handleRowDescription(msg: unknown): void {
      super.handleRowDescription(msg);
      this.#described = true;
      if (this.name && this.#connection) {
        const r = this._result;
        describedOf(this.#connection).set(this.name, {
          fields: r.fields,
          parsers: r._parsers,
          empty: r._prebuiltEmptyResultObject,
        });
      }
    }

    override handleCommandComplete(msg: unknown, connection: PgConnection): void {
      // Completed without a row description: a statement that returns no rows.
      if (!this.#described && this.name && this.#connection) {
        describedOf(this.#connection).set(this.name, { fields: [], parsers: undefined, empty: {} });
        this.#described = true;
      }
      super.handleCommandComplete(msg, connection);
    }
  }
  classes.set(Query, DescribedOnce as unknown as QueryConstructor);
  return DescribedOnce as unknown as QueryConstructor;
}
