import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect, sql } from "kysely";
import mysql from "mysql2";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kyselyAdapter } from "../../src/adapters/kysely/index";
import { introspect } from "../../src/adapters/kysely/introspect";
import type { DynamicDatabase, DynamicKysely, SqlDialect } from "../../src/adapters/kysely/types";
import { kyselyMigrationFile, schemaSql, sqlFile } from "../../src/cli/sql";
import { serviceAvailable, serviceUrls } from "../helpers/services";
import { availablePlugins, combinations, comboName, configOf } from "./cli-helpers";
import { dropTables, randomPrefix } from "./kysely-helpers";
import { scratchDir } from "./prisma-helpers";

/**
 * The SQL `gatehouse generate --adapter sql` writes, applied to real PostgreSQL, MariaDB and
 * SQLite: core only, each plugin alone and all plugins together. Afterwards the Kysely adapter's
 * migration plan for the same schema is empty: the file and `gatehouse migrate` build the same
 * database. The Kysely migration file is imported and run (up, then down).
 */
const plugins = await availablePlugins();
const all = combinations(plugins);
const subsets = [all[0]!, ...plugins.map((p) => [p]), all.at(-1)!].filter(
  (subset, i, list) => list.findIndex((s) => comboName(s) === comboName(subset)) === i,
);

const targets: { dialect: SqlDialect; service?: "postgres" | "mysql"; connect: () => DynamicKysely }[] = [
  {
    dialect: "postgres",
    service: "postgres",
    connect: () =>
      new Kysely<DynamicDatabase>({
        dialect: new PostgresDialect({
          pool: new pg.Pool({ connectionString: serviceUrls.postgres, max: 2 }),
        }),
      }),
  },
  {
    dialect: "mysql",
    service: "mysql",
    connect: () =>
      new Kysely<DynamicDatabase>({
        dialect: new MysqlDialect({
          pool: mysql.createPool({ uri: serviceUrls.mysql, timezone: "Z", connectionLimit: 2 }),
        }),
      }),
  },
  {
    dialect: "sqlite",
    connect: () =>
      new Kysely<DynamicDatabase>({ dialect: new SqliteDialect({ database: new Database(":memory:") }) }),
  },
];

for (const target of targets) {
  const available = target.service ? await serviceAvailable(target.service) : true;

  describe.skipIf(!available)(`generated SQL on ${target.dialect}`, () => {
    let db: DynamicKysely;
    const created: string[] = [];
    beforeAll(() => {
      db = target.connect();
    });
    afterAll(async () => {
      await dropTables(db, target.dialect, created);
      await db.destroy();
    });

    for (const subset of subsets) {
      it(`${comboName(subset)}: the .sql file applies and leaves nothing for migrate`, async () => {
        const config = configOf({ plugins: subset.map((p) => p.create()) });
        const options = { tablePrefix: randomPrefix("c") };
        const ddl = schemaSql(config.schema, target.dialect, options);
        created.push(...ddl.tables);
        const file = sqlFile(ddl, target.dialect, "gatehouse generate --adapter sql");
        const statements = file
          .split(/;\n/)
          .map((s) => s.replace(/^--.*$/gm, "").trim())
          .filter((s) => s !== "");
        expect(statements).toHaveLength(ddl.statements.length);
        for (const statement of statements) await sql.raw(statement).execute(db);
        const adapter = kyselyAdapter(db, { ...options, dialect: target.dialect });
        expect((await adapter.plan?.({ schema: config.schema }))?.steps).toEqual([]);
      });
    }

    it("the Kysely migration file runs up and down", async () => {
      const config = configOf({ plugins: plugins.map((p) => p.create()) });
      const options = { tablePrefix: randomPrefix("k") };
      const ddl = schemaSql(config.schema, target.dialect, options);
      created.push(...ddl.tables);
      const scratch = await scratchDir(`cli-kysely-${target.dialect}`);
      try {
        const file = path.join(scratch.dir, "20240101000000_gatehouse.ts");
        const { writeFile } = await import("node:fs/promises");
        await writeFile(file, kyselyMigrationFile(ddl, "gatehouse generate --adapter kysely"));
        const migration: Record<string, unknown> = await import(pathToFileURL(file).href);
        const up = migration.up;
        const down = migration.down;
        if (typeof up !== "function" || typeof down !== "function") throw new Error("no up/down");
        await up(db);
        const adapter = kyselyAdapter(db, { ...options, dialect: target.dialect });
        expect((await adapter.plan?.({ schema: config.schema }))?.steps).toEqual([]);
        await down(db);
        // The adapter's listing: read again if another suite drops a table meanwhile.
        const tables = [...(await introspect(db, target.dialect)).columns.keys()];
        expect(tables.filter((t) => t.startsWith(options.tablePrefix))).toEqual([]);
      } finally {
        await scratch.remove();
      }
    });
  });
}
