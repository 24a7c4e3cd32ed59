import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqliteAdapter } from "../../src/adapters/kysely/index";
import type { DynamicDatabase } from "../../src/adapters/kysely/types";
import { describeMigrations } from "./kysely-helpers";

// Each conformance setup gets its own in-memory database: nothing to drop, closing is cleanup.

const db = new Kysely<DynamicDatabase>({
  dialect: new SqliteDialect({ database: new Database(":memory:") }),
});
afterAll(() => db.destroy());

describeMigrations("kysely sqlite", () => db, "sqlite");
