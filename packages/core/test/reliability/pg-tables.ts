import pg from "pg";
import { postgresAdapter } from "../../src/adapters/kysely/index";
import type { Schema } from "../../src/db/model";
import { randomPrefix, tablesOf } from "../db/kysely-helpers";
import { serviceUrls } from "../helpers/services";

/**
 * PostgreSQL tables under a random prefix, shared by the test's app instances and its child
 * processes. Each `connect()` is its own pool (as a separate app server would have).
 */
export function pgTables(tag: string) {
  const prefix = randomPrefix(tag);
  const pools: pg.Pool[] = [];
  const connect = (max = 10) => {
    const pool = new pg.Pool({ connectionString: serviceUrls.postgres, max });
    pools.push(pool);
    return { pool, database: postgresAdapter(pool, { tablePrefix: prefix }) };
  };
  return {
    prefix,
    connect,
    /** Drops the schema's tables and closes every pool. */
    async drop(schema: Schema | undefined) {
      const admin = pools[0];
      if (admin && schema) {
        const tables = tablesOf(schema, { tablePrefix: prefix }).map((t) => `"${t}"`);
        await admin.query(`DROP TABLE IF EXISTS ${tables.join(", ")} CASCADE`);
      }
      await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
    },
  };
}
