import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqliteAdapter } from "../../src/adapters/kysely/index";
import type { DynamicDatabase } from "../../src/adapters/kysely/types";
import { runAdapterConformance } from "../../src/db/conformance/index";
import { describeMigrations } from "./kysely-helpers";

// Each conformance setup gets its own in-memory database: nothing to drop, closing is cleanup.
runAdapterConformance(
  {
    name: "kysely sqlite",
    updateOneWith: true,
    async setup(schema, options) {
      const factory = sqliteAdapter(new Database(":memory:"), options);
      await factory.migrate!({ schema });
      return { adapter: factory.create({ schema }), cleanup: () => factory.close!() };
    },
  },
  { describe, it, expect, beforeAll, afterAll },
);

const db = new Kysely<DynamicDatabase>({
  dialect: new SqliteDialect({ database: new Database(":memory:") }),
});
afterAll(() => db.destroy());

describeMigrations("kysely sqlite", () => db, "sqlite");
