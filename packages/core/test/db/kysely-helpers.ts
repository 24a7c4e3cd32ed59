import { type Kysely, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { kyselyAdapter } from "../../src/adapters/kysely/index";
import { introspect } from "../../src/adapters/kysely/introspect";
import type { DynamicKysely, SqlDialect } from "../../src/adapters/kysely/types";
import type { AdapterOptions, DatabaseAdapter } from "../../src/db/adapter";
import type { Schema } from "../../src/db/model";
import { resolvePhysical } from "../../src/db/physical";

export const randomPrefix = (tag: string): string => `${tag}${Math.random().toString(36).slice(2, 8)}_`;

/** The physical table names a schema has under these options. */
export const tablesOf = (schema: Schema, options: AdapterOptions): string[] =>
  [...resolvePhysical(schema, options).values()].map((pm) => pm.table);

/** Drops tables whatever foreign keys point at them. */
export async function dropTables<DB>(
  db: Kysely<DB>,
  dialect: SqlDialect,
  tables: readonly string[],
): Promise<void> {
  if (tables.length === 0) return;
  if (dialect === "postgres") {
    await sql`DROP TABLE IF EXISTS ${sql.join(tables.map((t) => sql.table(t)))} CASCADE`.execute(db);
    return;
  }
  await db.connection().execute(async (c) => {
    await sql
      .raw(dialect === "mysql" ? "SET FOREIGN_KEY_CHECKS = 0" : "PRAGMA foreign_keys = OFF")
      .execute(c);
    for (const table of tables) await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(c);
    await sql.raw(dialect === "mysql" ? "SET FOREIGN_KEY_CHECKS = 1" : "PRAGMA foreign_keys = ON").execute(c);
  });
}

const v1: Schema = {
  account: {
    name: "account",
    fields: {
      email: { type: "string", unique: true },
      plan: { type: "string", required: false, index: true },
      credits: { type: "number", bigint: true, default: 0 },
    },
  },
  membership: {
    name: "membership",
    fields: {
      accountId: { type: "string", references: { model: "account", field: "id", onDelete: "cascade" } },
      role: { type: "string" },
    },
    indexes: [{ fields: ["accountId", "role"], unique: true }],
  },
};

const v2: Schema = {
  ...v1,
  account: {
    ...v1.account!,
    fields: {
      ...v1.account!.fields,
      nickname: { type: "string", required: false, index: true },
      verified: { type: "boolean", default: false },
      tier: { type: "string", default: "free" },
      joinedAt: { type: "date", default: () => new Date() },
    },
  },
  // A new table that references an existing one.
  note: {
    name: "note",
    fields: {
      accountId: { type: "string", references: { model: "account", field: "id" } },
      body: { type: "json" },
    },
  },
};

const longNames: Schema = {
  aVeryLongModelNameThatKeepsGoingAndGoing: {
    name: "aVeryLongModelNameThatKeepsGoingAndGoing",
    fields: {
      anotherRatherLongFieldNameForTheIndex: { type: "string", index: true },
      andOneMoreFieldWithAnEvenLongerName: { type: "string", unique: true },
    },
  },
};

/** Two models that reference each other. */
const cycle: Schema = {
  team: {
    name: "team",
    fields: { leadId: { type: "string", required: false, references: { model: "person", field: "id" } } },
  },
  person: {
    name: "person",
    fields: { teamId: { type: "string", references: { model: "team", field: "id", onDelete: "cascade" } } },
  },
};

/** Migration behaviour, shared by every dialect; `db` is left open (the caller owns it). */
export function describeMigrations(name: string, getDb: () => DynamicKysely, dialect: SqlDialect): void {
  describe(`${name}: migrations`, () => {
    const created: string[] = [];
    const factory = (options: AdapterOptions): DatabaseAdapter =>
      kyselyAdapter(getDb(), { ...options, dialect });
    const fresh = (): AdapterOptions => {
      const options = { tablePrefix: randomPrefix("m") };
      created.push(...tablesOf(v2, options), ...tablesOf(longNames, options), ...tablesOf(cycle, options));
      return options;
    };
    afterAll(async () => {
      await dropTables(getDb(), dialect, created);
    });

    it("plans tables (referenced first) and indexes on an empty database, then nothing", async () => {
      const options = fresh();
      const adapter = factory(options);
      const plan = await adapter.plan!({ schema: v1 });
      expect(plan.steps.map((s) => [s.kind, s.table])).toEqual([
        ["create_table", `${options.tablePrefix}account`],
        ["create_table", `${options.tablePrefix}membership`],
        ["create_index", `${options.tablePrefix}account`],
        ["create_index", `${options.tablePrefix}account`],
        ["create_index", `${options.tablePrefix}membership`],
      ]);
      for (const step of plan.steps) expect(step.sql).toMatch(/^create (table|unique index|index) /i);
      expect(plan.steps.filter((s) => s.kind === "create_index").map((s) => s.index)).toEqual([
        `${options.tablePrefix}account_email_uidx`,
        `${options.tablePrefix}account_plan_idx`,
        `${options.tablePrefix}membership_accountId_role_uidx`,
      ]);
      const applied = await adapter.migrate!({ schema: v1 });
      expect(applied.steps).toEqual(plan.steps);
      expect((await adapter.plan!({ schema: v1 })).steps).toEqual([]);
      expect((await adapter.migrate!({ schema: v1 })).steps).toEqual([]);
    });

    it("creates the indexes and unique indexes it planned", async () => {
      const options = fresh();
      const adapter = factory(options);
      await adapter.migrate!({ schema: v1 });
      const live = await introspect(getDb(), dialect);
      const p = options.tablePrefix;
      expect([...(live.indexes.get(`${p}account`) ?? [])]).toEqual(
        expect.arrayContaining([`${p}account_email_uidx`, `${p}account_plan_idx`]),
      );
      expect([...(live.indexes.get(`${p}membership`) ?? [])]).toContain(`${p}membership_accountId_role_uidx`);
      const db = adapter.create({ schema: v1 });
      const account = await db.create<{ id: string }>({ model: "account", data: { email: "a@example.com" } });
      await expect(db.create({ model: "account", data: { email: "a@example.com" } })).rejects.toMatchObject({
        code: "UNIQUE_VIOLATION",
      });
      await db.create({ model: "membership", data: { accountId: account.id, role: "owner" } });
      await expect(
        db.create({ model: "membership", data: { accountId: account.id, role: "owner" } }),
      ).rejects.toMatchObject({ code: "UNIQUE_VIOLATION" });
      // The foreign key cascades.
      await db.delete({ model: "account", where: [{ field: "id", value: account.id }] });
      expect(await db.count({ model: "membership" })).toBe(0);
    });

    it("adds new columns, tables and indexes to a live schema without losing rows", async () => {
      const options = fresh();
      const adapter = factory(options);
      await adapter.migrate!({ schema: v1 });
      const before = adapter.create({ schema: v1 });
      const account = await before.create<{ id: string }>({
        model: "account",
        data: { email: "kept@example.com" },
      });
      const p = options.tablePrefix;
      const plan = await adapter.migrate!({ schema: v2 });
      expect(plan.steps.map((s) => [s.kind, s.column ?? s.index ?? s.table])).toEqual([
        ["create_table", `${p}note`],
        ["add_column", "nickname"],
        ["add_column", "verified"],
        ["add_column", "tier"],
        ["add_column", "joinedAt"],
        ["create_index", `${p}account_nickname_idx`],
      ]);
      expect((await adapter.plan!({ schema: v2 })).steps).toEqual([]);
      const after = adapter.create({ schema: v2 });
      const row = await after.findOne<Record<string, unknown>>({
        model: "account",
        where: [{ field: "id", value: account.id }],
      });
      // Literal defaults backfill existing rows; a function default cannot, so that column stays empty.
      expect(row).toMatchObject({ email: "kept@example.com", nickname: null, verified: false, tier: "free" });
      expect(row?.joinedAt).toBeNull();
      const fresh2 = await after.create<Record<string, unknown>>({
        model: "account",
        data: { email: "new@x.io" },
      });
      expect(fresh2).toMatchObject({ verified: false, tier: "free" });
      expect(fresh2.joinedAt).toBeInstanceOf(Date);
      await after.create({ model: "note", data: { accountId: account.id, body: { text: "hi", n: [1, 2] } } });
      expect(
        await after.findOne({ model: "note", where: [{ field: "accountId", value: account.id }] }),
      ).toMatchObject({
        body: { text: "hi", n: [1, 2] },
      });
    });

    it("creates models that reference each other", async () => {
      const options = fresh();
      const adapter = factory(options);
      const plan = await adapter.migrate!({ schema: cycle });
      expect(plan.steps.map((s) => s.kind)).toEqual(["create_table", "create_table"]);
      expect((await adapter.plan!({ schema: cycle })).steps).toEqual([]);
      const db = adapter.create({ schema: cycle });
      const team = await db.create<{ id: string }>({ model: "team", data: {} });
      const person = await db.create<{ id: string }>({ model: "person", data: { teamId: team.id } });
      await db.update({
        model: "team",
        where: [{ field: "id", value: team.id }],
        update: { leadId: person.id },
      });
      expect(
        await db.findOne({
          model: "person",
          where: [{ field: "id", value: person.id }],
          join: { team: true },
        }),
      ).toEqual({
        id: person.id,
        teamId: team.id,
        team: { id: team.id, leadId: person.id },
      });
    });

    it("shortens long index names deterministically to what the database accepts", async () => {
      const options = fresh();
      const adapter = factory(options);
      const plan = await adapter.migrate!({ schema: longNames });
      const names = plan.steps.filter((s) => s.kind === "create_index").map((s) => s.index ?? "");
      expect(names).toHaveLength(2);
      for (const index of names) expect(index.length).toBeLessThanOrEqual(dialect === "postgres" ? 63 : 64);
      expect(new Set(names).size).toBe(2);
      expect((await adapter.plan!({ schema: longNames })).steps).toEqual([]);
    });
  });
}
