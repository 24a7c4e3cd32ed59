import pg from "pg";
import { postgresAdapter } from "../../src/adapters/kysely/index";
import { migrate } from "../../src/db/migrate";
import type { AuthOptions } from "../../src/kernel/options";
import { admin } from "../../src/plugins/admin";
import { billing } from "../../src/plugins/billing";
import { organization } from "../../src/plugins/organization";
import { username } from "../../src/plugins/username";
import { createTestAuth } from "../../src/testing";
import { randomPrefix, tablesOf } from "../db/kysely-helpers";
import { serviceUrls } from "../helpers/services";

export const allPlugins = () => [username(), organization(), admin(), billing()] as const;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The app the reliability suite attacks: PostgreSQL (random table prefix), every plugin installed.
 * `fingerprint()` hashes every row of every table in one query, to prove a request changed nothing.
 */
export async function pgApp(extra: AuthOptions = {}, prefix = randomPrefix("gh_rel_")) {
  const pool = new pg.Pool({ connectionString: serviceUrls.postgres, max: 20 });
  const database = postgresAdapter(pool, { tablePrefix: prefix });
  const t = createTestAuth({ database, plugins: allPlugins(), ...extra });
  await migrate(t.auth);
  const tables = tablesOf(t.auth.$context.schema, { tablePrefix: prefix });
  const fingerprintSql = `SELECT concat_ws('|', ${tables
    .map(
      (table) =>
        `(SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM ${quote(table)} t)`,
    )
    .join(", ")}) AS f`;
  return {
    ...t,
    pool,
    prefix,
    async fingerprint(): Promise<string> {
      return (await pool.query<{ f: string }>(fingerprintSql)).rows[0]!.f;
    },
    async close() {
      await pool.query(`DROP TABLE IF EXISTS ${tables.map(quote).join(", ")} CASCADE`);
      await database.close?.();
      await pool.end().catch(() => undefined);
    },
  };
}
