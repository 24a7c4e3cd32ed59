import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import { describedQuery } from "./pg-described";

/*
 * Named prepared statements for node-postgres under Kysely. PostgreSQL spends most of its CPU per
 * statement on parse and plan; a named statement is parsed once per connection and then only bound
 * and executed. The adapter's statements are few shapes with `$n` placeholders, so they prepare well.
 *
 * Kysely runs every statement through `client.query(text, values)` on a client from `pool.connect()`.
 * The wrapped pool hands out clients whose `query` sends a parameterised text under a name. One name
 * always means one text (a map per adapter; pg refuses a name reused for another text on a
 * connection), so every connection prepares a text once and binds it from then on. Statements
 * without parameters (BEGIN, COMMIT, DDL) stay unnamed, and once the map holds `maxStatements`
 * texts, new texts go unnamed too (`in` lists of every length must not grow it without bound).
 *
 * Schema changes: after `ALTER TABLE t ADD COLUMN`, a prepared `SELECT "t".*` fails with SQLSTATE
 * 0A000 "cached plan must not change result type" on every connection that prepared it. The text
 * then gets a fresh name, so that each connection prepares it anew. Outside a transaction the
 * statement is retried once under that name; inside one the error surfaces (PostgreSQL has aborted
 * the transaction) and the next attempt, under the fresh name, works. The same happens when a
 * connection lost its prepared statements (SQLSTATE 26000 after `DEALLOCATE ALL` or `DISCARD ALL`).
 */

/** Texts named per adapter by default; later texts are sent unnamed. */
export const DEFAULT_MAX_PREPARED_STATEMENTS = 2000;

export interface PreparedStatementOptions {
  /** Distinct texts that get a name. Default `DEFAULT_MAX_PREPARED_STATEMENTS`. */
  readonly maxStatements?: number;
}

type Result = PostgresQueryResult<unknown>;
type Callback = (error: unknown, result?: Result) => void;

/** pg's `Query` (exposed as `Client.Query` by both the JS and the native client; without it, nothing is named). */
interface PgQuery {
  name?: string;
  callback?: Callback;
}
type PgQueryConstructor = new (text: string, values: readonly unknown[]) => PgQuery;

/** What pg's client accepts beyond Kysely's view of it: a Query of its own, answered through its callback. */
interface PgClient {
  query(query: PgQuery): unknown;
  query(text: string): Promise<Result>;
  /** pg >= 8.21: send queued queries without waiting for each answer (pipeline mode). */
  pipeline?: boolean;
  connection?: { stream?: { cork?(): void; uncork?(): void } };
}

/** What Kysely reads of the answer to BEGIN, COMMIT or ROLLBACK (a statement never sent: no rows). */
const noRows = (command: string): Result => ({ command, rowCount: null, rows: [] }) as unknown as Result;

/** Adapters sharing one pool must not share names: each adapter has its own prefix. */
let adapters = 0;

interface StatementNames {
  /** The name of `text`, assigning one while there is room; undefined: send it unnamed. */
  nameFor(text: string): string | undefined;
  /** Gives `text` a fresh name unless another caller already replaced `failed`; returns the current name. */
  replace(text: string, failed: string): string;
}

function statementNames(max: number): StatementNames {
  const prefix = `gh${(++adapters).toString(36)}_`;
  const names = new Map<string, string>();
  let last = 0;
  const fresh = () => prefix + (++last).toString(36);
  return {
    nameFor(text) {
      let name = names.get(text);
      if (name === undefined && names.size < max) {
        name = fresh();
        names.set(text, name);
      }
      return name;
    },
    replace(text, failed) {
      const current = names.get(text);
      if (current !== undefined && current !== failed) return current;
      const name = fresh();
      names.set(text, name);
      return name;
    },
  };
}

/**
 * Answers after which the statement must be prepared again: its result columns changed since it was
 * prepared (0A000), or the connection no longer has it (26000: `DEALLOCATE`, `DISCARD ALL`, a
 * pooler's reset query), while pg still counts it as parsed on that connection.
 */
function needsNewName(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, routine, message } = error as { code?: unknown; routine?: unknown; message?: unknown };
  if (code === "26000") return typeof message === "string" && message.startsWith("prepared statement");
  return (
    code === "0A000" &&
    (routine === "RevalidateCachedQuery" ||
      (typeof message === "string" && message.includes("cached plan must not change result type")))
  );
}

// Kysely opens transactions with `begin` or `start transaction ...` and ends them with `commit` or
// `rollback` (savepoints use `rollback to`, which keeps the transaction open).
const OPENS_TRANSACTION = /^\s*(?:begin|start\s+transaction)\b/i;
const ENDS_TRANSACTION = /^\s*(?:commit|end|abort|rollback(?!\s+(?:work\s+|transaction\s+)?to\b))\b/i;

function wrapClient(client: PostgresPoolClient, names: StatementNames): PostgresPoolClient {
  const pg = client as unknown as PgClient;
  const PgQuery = (client.constructor as { Query?: PgQueryConstructor }).Query;
  // Executions of a statement this connection has described skip the Describe (pg-described.ts).
  const Query = PgQuery && ((describedQuery(PgQuery) as PgQueryConstructor | undefined) ?? PgQuery);
  let inTransaction = false;
  /**
   * A BEGIN not sent yet: it goes out with the transaction's first statement, in one write and one
   * round trip (pg's pipeline mode, on for those two queries only). A transaction that sends nothing
   * sends neither BEGIN nor its COMMIT/ROLLBACK. Only where pg has pipeline mode.
   */
  let pendingBegin: string | undefined;
  const canPipeline = typeof pg.pipeline === "boolean";

  /** Sends BEGIN, then `next()`'s statement behind it without waiting; the statement's answer. */
  const withBegin = (begin: string, next: () => Promise<Result>): Promise<Result> => {
    const stream = pg.connection?.stream;
    pg.pipeline = true;
    stream?.cork?.();
    let began: Promise<Result>;
    let answered: Promise<Result>;
    try {
      began = pg.query(begin);
      answered = next();
    } finally {
      stream?.uncork?.();
    }
    // A failed BEGIN fails the pair (the statement then ran outside a transaction: it answers too).
    began.catch(() => undefined);
    return answered
      .then(
        async (result) => {
          await began;
          return result;
        },
        async (error: unknown) => {
          await began;
          throw error;
        },
      )
      .finally(() => {
        pg.pipeline = false;
      });
  };

  /** Sends `text` as the statement `name`; `retry`: on a plan change outside a transaction, once more. */
  const send = (text: string, values: readonly unknown[], name: string, retry: boolean): Promise<Result> =>
    new Promise<Result>((resolve, reject) => {
      const done: Callback = (error, result) => {
        if (!error) return resolve(result as Result);
        if (!needsNewName(error)) return reject(error);
        const renamed = names.replace(text, name);
        if (retry && !inTransaction) resolve(send(text, values, renamed, false));
        else reject(error);
      };
      // A Query of pg's own skips `normalizeQueryConfig`, whose copy of a config object
      // (`cloneQueryConfig`) costs microseconds per statement; a text and values do not.
      const query = new (Query as PgQueryConstructor)(text, values);
      query.name = name;
      query.callback = done;
      pg.query(query);
    });

  /** One statement: named (prepared) when it has parameters and pg lets us name it. */
  const statement = (text: string, parameters: readonly unknown[]): Promise<Result> => {
    const name = parameters.length === 0 || Query === undefined ? undefined : names.nameFor(text);
    if (name === undefined) return client.query(text, parameters as unknown[]) as Promise<Result>;
    return send(text, parameters, name, true);
  };

  const wrapped = {
    get processID() {
      return client.processID;
    },
    release(destroy?: boolean) {
      pendingBegin = undefined;
      inTransaction = false;
      client.release(destroy);
    },
    query(textOrCursor: unknown, values?: readonly unknown[]) {
      if (typeof textOrCursor !== "string") {
        // A cursor (pg-cursor, pg-query-stream) cannot ride in a pipeline: a pending BEGIN goes
        // ahead of it on its own (pg answers queued queries in order).
        if (pendingBegin !== undefined) {
          const begin = pendingBegin;
          pendingBegin = undefined;
          pg.query(begin).catch(() => undefined);
        }
        return client.query(textOrCursor as never);
      }
      const text = textOrCursor;
      const parameters = values ?? [];
      if (parameters.length === 0 && OPENS_TRANSACTION.test(text)) {
        inTransaction = true;
        if (!canPipeline || pendingBegin !== undefined) return client.query(text, parameters);
        pendingBegin = text;
        return Promise.resolve(noRows("BEGIN"));
      }
      if (parameters.length === 0 && ENDS_TRANSACTION.test(text)) {
        inTransaction = false;
        if (pendingBegin !== undefined) {
          // Nothing was sent in this transaction: there is nothing to commit or roll back.
          pendingBegin = undefined;
          return Promise.resolve(noRows(/^\s*(?:commit|end)\b/i.test(text) ? "COMMIT" : "ROLLBACK"));
        }
        return client.query(text, parameters);
      }
      const begin = pendingBegin;
      if (begin === undefined) return statement(text, parameters);
      pendingBegin = undefined;
      return withBegin(begin, () => statement(text, parameters));
    },
  };
  return wrapped as unknown as PostgresPoolClient;
}

/**
 * A view of `pool` whose clients send parameterised statements as named prepared statements. Ending
 * it ends `pool`. Only Kysely's use of the pool goes through it; `pool` itself is unchanged.
 */
export function preparedStatementPool(
  pool: PostgresPool,
  options: PreparedStatementOptions = {},
): PostgresPool {
  const names = statementNames(options.maxStatements ?? DEFAULT_MAX_PREPARED_STATEMENTS);
  // One wrapper per pg client: Kysely keeps its connection objects in a WeakMap keyed by client.
  const wrappers = new WeakMap<PostgresPoolClient, PostgresPoolClient>();
  const wrap = (client: PostgresPoolClient) => {
    let wrapper = wrappers.get(client);
    if (wrapper === undefined) {
      wrapper = wrapClient(client, names);
      wrappers.set(client, wrapper);
    }
    return wrapper;
  };
  return {
    get Client() {
      return pool.Client;
    },
    get options() {
      return pool.options;
    },
    connect: () => pool.connect().then(wrap),
    end: () => pool.end(),
  };
}
