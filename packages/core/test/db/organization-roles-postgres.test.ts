import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAdapter } from "../../src/adapters/kysely/index";
import { migrate } from "../../src/db/migrate";
import { serviceAvailable } from "../helpers/services";
import { setupOrg } from "../plugins/organization/helpers";
import { storedRoleLifecycle } from "../plugins/organization/role-scenarios";
import { randomPrefix, tablesOf } from "./kysely-helpers";

const available = await serviceAvailable("postgres");
const url = process.env.GATEHOUSE_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Dynamic access control on a real PostgreSQL (Kysely adapter): the migration derives the
 * `organizationRole` table from the plugin's model, the JSON permission round-trips, the
 * (organizationId, role) pair is unique, and the stored role is checked like a configured one.
 */
describe.skipIf(!available)("organization roles on PostgreSQL", () => {
  const tablePrefix = randomPrefix("gh_orgrole_");
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const database = postgresAdapter(pool, { tablePrefix });
  const s = setupOrg({ dynamicAccessControl: { enabled: true } }, { database });

  beforeAll(async () => {
    await migrate(s.auth);
  });

  afterAll(async () => {
    const tables = tablesOf(s.auth.$context.schema, { tablePrefix });
    await pool.query(`DROP TABLE IF EXISTS ${tables.map(quote).join(", ")} CASCADE`);
    await database.close?.();
  });

  it("the migration creates the organizationRole table with its columns and unique index", async () => {
    const table = `${tablePrefix}organizationRole`;
    const columns = await pool.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = $1",
      [table],
    );
    expect(columns.rows.map((c) => c.column_name).sort()).toEqual(
      ["createdAt", "id", "organizationId", "permission", "role", "updatedAt"].sort(),
    );
    const indexes = await pool.query<{ indexdef: string }>(
      "SELECT indexdef FROM pg_indexes WHERE tablename = $1",
      [table],
    );
    expect(
      indexes.rows.some((i) => /UNIQUE/.test(i.indexdef) && /"organizationId", "?role"?/.test(i.indexdef)),
    ).toBe(true);
  });

  it("stores, checks, updates and deletes a role through HTTP", async () => {
    const { r, roleId } = await storedRoleLifecycle(s);
    const rows = await pool.query(
      `SELECT * FROM ${quote(`${tablePrefix}organizationRole`)} WHERE "organizationId" = $1`,
      [r.org.id],
    );
    expect(rows.rows).toEqual([]);
    expect(roleId).toMatch(/.+/);
  });

  it("keeps the permission as JSON and refuses a duplicate name at the database too", async () => {
    const r = await s.roster();
    const created = await r.owner.browser.post<{ roleData: { id: string } }>("/organization/create-role", {
      role: "reviewer",
      permission: { team: ["update", "delete"], member: ["update"] },
    });
    const raw = await pool.query<{ permission: unknown }>(
      `SELECT permission FROM ${quote(`${tablePrefix}organizationRole`)} WHERE id = $1`,
      [created.data.roleData.id],
    );
    const stored = raw.rows[0]?.permission;
    expect(typeof stored === "string" ? JSON.parse(stored) : stored).toEqual({
      team: ["update", "delete"],
      member: ["update"],
    });
    await expect(
      s.auth.$context.adapter.create({
        model: "organizationRole",
        data: { organizationId: r.org.id, role: "reviewer", permission: {}, createdAt: new Date() },
      }),
    ).rejects.toThrow();
  });

  it("concurrent creates of one name: one row, the others 400 already taken (the unique index), never 500", async () => {
    const r = await s.roster();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        r.owner.browser.post<{ code?: string }>("/organization/create-role", {
          role: "racer",
          permission: { team: ["update"] },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect([a.status, a.data.code]).toEqual([400, "THAT_ROLE_NAME_IS_ALREADY_TAKEN"]);
    }
    const rows = await pool.query(
      `SELECT id FROM ${quote(`${tablePrefix}organizationRole`)} WHERE "organizationId" = $1`,
      [r.org.id],
    );
    expect(rows.rows).toHaveLength(1);
  });
});
