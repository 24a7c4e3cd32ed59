import { Kysely, MysqlDialect, sql } from "kysely";
import mysql from "mysql2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kyselyAdapter, mysqlAdapter } from "../../src/adapters/kysely/index";
import type { DynamicDatabase } from "../../src/adapters/kysely/types";
import { runAdapterConformance } from "../../src/db/conformance/index";
import type { Schema } from "../../src/db/model";
import { serviceAvailable, serviceUrls } from "../helpers/services";
import { describeMigrations, dropTables, randomPrefix, tablesOf } from "./kysely-helpers";

const available = await serviceAvailable("mysql");

/** `timezone: "Z"` is required: dates then round-trip as UTC whatever the process time zone. */
const createPool = (connectionLimit: number) =>
  mysql.createPool({ uri: serviceUrls.mysql, timezone: "Z", connectionLimit });

describe.skipIf(!available)("kysely mysql/mariadb", () => {
  // Each conformance setup gets its own pool (ended by the adapter's close) and its own table prefix.
  runAdapterConformance(
    {
      name: "kysely mysql",
      updateOneWith: true,
      async setup(schema, options) {
        const pool = createPool(10);
        const factory = mysqlAdapter(pool, options);
        await factory.migrate!({ schema });
        const cleanup = async () => {
          const connection = await pool.promise().getConnection();
          try {
            await connection.query("SET FOREIGN_KEY_CHECKS = 0");
            const tables = tablesOf(schema, options).map((t) => connection.escapeId(t));
            await connection.query(`DROP TABLE IF EXISTS ${tables.join(", ")}`);
            await connection.query("SET FOREIGN_KEY_CHECKS = 1");
          } finally {
            connection.release();
          }
          await factory.close!();
        };
        return { adapter: factory.create({ schema }), cleanup };
      },
    },
    { describe, it, expect, beforeAll, afterAll },
  );

  const db = new Kysely<DynamicDatabase>({ dialect: new MysqlDialect({ pool: createPool(4) }) });
  afterAll(() => db.destroy());

  describeMigrations("kysely mysql", () => db, "mysql");

  describe("dates and collation", () => {
    const schema: Schema = {
      event: { name: "event", fields: { code: { type: "string" }, at: { type: "date" } } },
    };
    const options = { tablePrefix: randomPrefix("d") };
    const factory = kyselyAdapter(db, { ...options, dialect: "mysql" });
    beforeAll(() => factory.migrate!({ schema }));
    afterAll(() => dropTables(db, "mysql", tablesOf(schema, options)));

    it("stores dates as UTC wall-clock time whatever the process time zone", async () => {
      const zone = process.env.TZ;
      process.env.TZ = "America/New_York";
      try {
        const adapter = factory.create({ schema });
        const at = new Date("2024-07-01T12:34:56.789Z");
        const row = await adapter.create<{ id: string }>({ model: "event", data: { code: "tz", at } });
        const read = await adapter.findOne<{ at: Date }>({
          model: "event",
          where: [{ field: "id", value: row.id }],
        });
        expect(read?.at.toISOString()).toBe(at.toISOString());
        const table = sql.table(`${options.tablePrefix}event`);
        const { rows } = await sql<{
          text: string;
        }>`SELECT DATE_FORMAT(at, '%Y-%m-%d %H:%i:%s.%f') AS text FROM ${table}
          WHERE id = ${row.id}`.execute(db);
        expect(rows[0]?.text).toBe("2024-07-01 12:34:56.789000");
      } finally {
        if (zone === undefined) delete process.env.TZ;
        else process.env.TZ = zone;
      }
    });

    it("compares strings exactly (case, trailing spaces) and matches LIKE patterns case-insensitively", async () => {
      const adapter = factory.create({ schema });
      await adapter.create({ model: "event", data: { code: "AbC\\d_%", at: new Date() } });
      await adapter.create({ model: "event", data: { code: "pad ", at: new Date() } });
      // utf8mb4_bin would be PAD SPACE ('pad' = 'pad '): the adapter picks a NO PAD binary collation.
      expect(await adapter.count({ model: "event", where: [{ field: "code", value: "pad" }] })).toBe(0);
      expect(await adapter.count({ model: "event", where: [{ field: "code", value: "pad " }] })).toBe(1);
      expect(await adapter.count({ model: "event", where: [{ field: "code", value: "abc\\d_%" }] })).toBe(0);
      expect(await adapter.count({ model: "event", where: [{ field: "code", value: "AbC\\d_%" }] })).toBe(1);
      const like = (operator: "contains" | "starts_with" | "ends_with", value: string) =>
        adapter.count({ model: "event", where: [{ field: "code", operator, value }] });
      expect(await like("contains", "c\\D")).toBe(1);
      expect(await like("starts_with", "abc\\")).toBe(1);
      expect(await like("ends_with", "_%")).toBe(1);
      expect(await like("contains", "c\\d__")).toBe(0);
    });
  });
});
