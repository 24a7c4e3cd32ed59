import type { DriverAggregateArgs, DriverAggregateGroup } from "../../db/aggregate";
import type { PrismaProvider } from "./names";

type QueryRaw = (query: string, ...values: unknown[]) => PromiseLike<Record<string, unknown>[]>;

/**
 * A meter evaluated by the database through Prisma: the SQL of the Kysely adapter (same
 * semantics, same JSON functions), compiled without a connection and run with `$queryRawUnsafe`
 * (parameters bound, never interpolated). Loads `kysely` (an optional peer) on first use.
 */
export async function prismaAggregate(
  handle: object,
  provider: PrismaProvider,
  args: DriverAggregateArgs,
): Promise<DriverAggregateGroup[]> {
  const raw: unknown = Reflect.get(handle, "$queryRawUnsafe");
  if (typeof raw !== "function") throw new Error("The Prisma client has no $queryRawUnsafe");
  const { compileAggregate } = await import("../kysely/compile");
  const dialect = provider === "postgresql" ? "postgres" : provider;
  const { sql, parameters } = compileAggregate(args, dialect);
  const rows = await (raw as QueryRaw).call(handle, sql, ...parameters);
  return rows.map((r) => ({ bucket: r.bucket ?? null, value: r.value }));
}
