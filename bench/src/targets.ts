import type { IncomingMessage, ServerResponse } from "node:http";
import { betterAuth } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import { toNodeHandler as betterAuthNode } from "better-auth/node";
import { organization, username } from "better-auth/plugins";
import { type BackendName, postgresPool, type QueryCounter, sqliteDatabase } from "./backends";
import { BASE_PATH, ORIGIN, SECRET, SESSION } from "./config";

/**
 * GATEHOUSE_CORE_SRC=/path/to/an/older/packages/core/src runs the Gatehouse side against another
 * source tree (before/after comparisons of a core change); default: this workspace's core.
 */
const coreSource = process.env.GATEHOUSE_CORE_SRC;
const core: typeof import("@gatehouse-js/core") = coreSource
  ? await import(`${coreSource}/index.ts`)
  : await import("@gatehouse-js/core");
const kyselyAdapters: typeof import("@gatehouse-js/core/adapters/kysely") = coreSource
  ? await import(`${coreSource}/adapters/kysely/index.ts`)
  : await import("@gatehouse-js/core/adapters/kysely");
const nodeAdapter: typeof import("@gatehouse-js/core/node") = coreSource
  ? await import(`${coreSource}/node.ts`)
  : await import("@gatehouse-js/core/node");
const organizationPlugin: typeof import("@gatehouse-js/core/plugins/organization") = coreSource
  ? await import(`${coreSource}/plugins/organization/index.ts`)
  : await import("@gatehouse-js/core/plugins/organization");
const usernamePlugin: typeof import("@gatehouse-js/core/plugins/username") = coreSource
  ? await import(`${coreSource}/plugins/username/index.ts`)
  : await import("@gatehouse-js/core/plugins/username");
const { createAuth, migrate } = core;
const { postgresAdapter, sqliteAdapter } = kyselyAdapters;

/** A node:http request listener. */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export type Library = "gatehouse" | "better-auth";

/** One configured library instance on one backend. */
export interface Target {
  readonly library: Library;
  /** Column label in the results: the library, plus a variant note (e.g. "better-auth (joins)"). */
  readonly label: string;
  readonly backend: BackendName;
  readonly cookieCache: boolean;
  /** Cookie names, for building the signed-in Cookie header. */
  readonly cookiePrefix: string;
  handler(request: Request): Promise<Response>;
  /** The library's own node:http adapter (`toNodeHandler`) over the same instance. */
  readonly nodeHandler: NodeListener;
  /** PostgreSQL query counter (null on SQLite). */
  readonly counter: QueryCounter | null;
  /** CPU ms used so far by this target's PostgreSQL backends (null on SQLite). */
  readonly databaseCpuMs: (() => Promise<number>) | null;
  close(): Promise<void>;
}

export interface TargetSpec {
  readonly library: Library;
  readonly backend: BackendName;
  readonly cookieCache: boolean;
  /** better-auth only: `advanced.database.joins` (default false in 1.7). */
  readonly joins?: boolean;
  /** The organization and username plugins, in both libraries (the HTTP runs: as users deploy). */
  readonly plugins?: boolean;
}

let schemaSeq = 0;
const schemaName = (spec: TargetSpec) =>
  `bench_${spec.library.replace("-", "_")}_${spec.cookieCache ? "cc" : "db"}${spec.joins ? "_j" : ""}${spec.plugins ? "_p" : ""}_${process.pid}_${++schemaSeq}`;

export function targetLabel(spec: Pick<TargetSpec, "library" | "joins">): string {
  return spec.library === "better-auth" && spec.joins ? "better-auth (joins)" : spec.library;
}

async function gatehouse(spec: TargetSpec): Promise<Target> {
  let counter: QueryCounter | null = null;
  let databaseCpuMs: (() => Promise<number>) | null = null;
  let closeDb: () => Promise<void>;
  let database: ReturnType<typeof postgresAdapter>;
  if (spec.backend === "postgres") {
    const pg = await postgresPool(schemaName(spec));
    counter = pg.counter;
    databaseCpuMs = pg.cpuMs;
    // BENCH_PG_PREPARED=0: every statement unnamed (the comparison for named prepared statements).
    database = postgresAdapter(pg.pool, { preparedStatements: process.env.BENCH_PG_PREPARED !== "0" });
    closeDb = pg.close;
  } else {
    const db = sqliteDatabase();
    database = sqliteAdapter(db);
    closeDb = async () => void db.close();
  }
  const auth = createAuth({
    baseURL: ORIGIN,
    basePath: BASE_PATH,
    secret: SECRET,
    database,
    emailAndPassword: { enabled: true },
    session: {
      expiresIn: SESSION.expiresIn,
      updateAge: SESSION.updateAge,
      cookieCache: { enabled: spec.cookieCache, maxAge: SESSION.cookieCacheMaxAge, strategy: "compact" },
    },
    rateLimit: { enabled: false },
    logger: { level: "error" },
    plugins: spec.plugins ? [organizationPlugin.organization(), usernamePlugin.username()] : [],
  });
  await migrate(auth);
  await auth.ready;
  return {
    library: "gatehouse",
    label: targetLabel(spec),
    backend: spec.backend,
    cookieCache: spec.cookieCache,
    cookiePrefix: "gatehouse",
    handler: (request) => auth.handler(request),
    nodeHandler: nodeAdapter.toNodeHandler(auth),
    counter,
    databaseCpuMs,
    close: closeDb,
  };
}

async function betterAuthTarget(spec: TargetSpec): Promise<Target> {
  let counter: QueryCounter | null = null;
  let databaseCpuMs: (() => Promise<number>) | null = null;
  let closeDb: () => Promise<void>;
  let database: Parameters<typeof betterAuth>[0]["database"];
  if (spec.backend === "postgres") {
    const pg = await postgresPool(schemaName(spec));
    counter = pg.counter;
    databaseCpuMs = pg.cpuMs;
    database = pg.pool;
    closeDb = pg.close;
  } else {
    const db = sqliteDatabase();
    database = db;
    closeDb = async () => void db.close();
  }
  const options = {
    baseURL: ORIGIN,
    basePath: BASE_PATH,
    secret: SECRET,
    database,
    emailAndPassword: { enabled: true },
    session: {
      expiresIn: SESSION.expiresIn,
      updateAge: SESSION.updateAge,
      cookieCache: {
        enabled: spec.cookieCache,
        maxAge: SESSION.cookieCacheMaxAge,
        strategy: "compact" as const,
      },
    },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // No OpenTelemetry spans (the API is not installed, so they would be no-ops anyway).
    experimental: { instrumentation: { enabled: false } },
    advanced: { database: { joins: spec.joins ?? false } },
    logger: { level: "error" as const },
    plugins: spec.plugins ? [organization(), username()] : [],
  };
  const { runMigrations } = await getMigrations(options);
  await runMigrations();
  const auth = betterAuth(options);
  return {
    library: "better-auth",
    label: targetLabel(spec),
    backend: spec.backend,
    cookieCache: spec.cookieCache,
    cookiePrefix: "better-auth",
    handler: (request) => auth.handler(request),
    nodeHandler: betterAuthNode(auth),
    counter,
    databaseCpuMs,
    close: closeDb,
  };
}

export function createTarget(spec: TargetSpec): Promise<Target> {
  return spec.library === "gatehouse" ? gatehouse(spec) : betterAuthTarget(spec);
}
