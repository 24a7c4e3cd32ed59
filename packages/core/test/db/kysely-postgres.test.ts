import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAdapter } from "../../src/adapters/kysely/index";
import type { DynamicDatabase } from "../../src/adapters/kysely/types";
import { runAdapterConformance } from "../../src/db/conformance/index";
import { serviceAvailable, serviceUrls } from "../helpers/services";
import { describeMigrations, tablesOf } from "./kysely-helpers";

const available = await serviceAvailable("postgres");

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

describe.skipIf(!available)("kysely postgres", () => {
  // Each conformance setup gets its own pool (ended by the adapter's close) and its own table prefix.
  runAdapterConformance(
    {
      name: "kysely postgres",
      updateOneWith: true,
      async setup(schema, options) {
        const pool = new pg.Pool({ connectionString: serviceUrls.postgres, max: 10 });
        const factory = postgresAdapter(pool, options);
        await factory.migrate!({ schema });
        const cleanup = async () => {
          await pool.query(`DROP TABLE IF EXISTS ${tablesOf(schema, options).map(quote).join(", ")} CASCADE`);
          await factory.close!();
        };
        return { adapter: factory.create({ schema }), cleanup };
      },
    },
    { describe, it, expect, beforeAll, afterAll },
  );

  const db = new Kysely<DynamicDatabase>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: serviceUrls.postgres, max: 4 }) }),
  });
  afterAll(() => db.destroy());

  describeMigrations("kysely postgres", () => db, "postgres");
});
