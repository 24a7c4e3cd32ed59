import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect, sql } from "kysely";
import mysql from "mysql2";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DynamicDatabase, DynamicKysely, SqlDialect } from "../../src/adapters/kysely/types";
import { runCli } from "../../src/cli/run";
import { serviceAvailable, serviceUrls } from "../helpers/services";
import { availablePlugins, recordingIo, srcImport } from "./cli-helpers";
import { dropTables, randomPrefix } from "./kysely-helpers";
import { CORE_ROOT, scratchDir } from "./prisma-helpers";

/**
 * `gatehouse migrate` against real databases, with the auth config loaded from a TypeScript file
 * (core plus every plugin that exists, a Kysely database under a random table prefix).
 */
const plugins = await availablePlugins();
/** Each run loads the whole config (core and every plugin) through tsx: seconds on a busy machine. */
const SLOW = 180_000;

interface Target {
  readonly dialect: SqlDialect;
  readonly service?: "postgres" | "mysql";
  /** The database line of the config file (`prefix` is its table prefix, `dir` its folder). */
  readonly database: (prefix: string, dir: string) => { imports: string; expression: string };
  readonly connect: (dir: string) => DynamicKysely;
}

const targets: Target[] = [
  {
    dialect: "postgres",
    service: "postgres",
    database: (prefix) => ({
      imports: 'import pg from "pg";',
      expression: `postgresAdapter(new pg.Pool({ connectionString: ${JSON.stringify(serviceUrls.postgres)} }), { tablePrefix: ${JSON.stringify(prefix)} })`,
    }),
    connect: () =>
      new Kysely({
        dialect: new PostgresDialect({
          pool: new pg.Pool({ connectionString: serviceUrls.postgres, max: 1 }),
        }),
      }),
  },
  {
    dialect: "mysql",
    service: "mysql",
    database: (prefix) => ({
      imports: 'import mysql from "mysql2";',
      expression: `mysqlAdapter(mysql.createPool({ uri: ${JSON.stringify(serviceUrls.mysql)}, timezone: "Z" }), { tablePrefix: ${JSON.stringify(prefix)} })`,
    }),
    connect: () =>
      new Kysely({
        dialect: new MysqlDialect({ pool: mysql.createPool({ uri: serviceUrls.mysql, timezone: "Z" }) }),
      }),
  },
  {
    dialect: "sqlite",
    database: (prefix, dir) => ({
      imports: 'import Database from "better-sqlite3";',
      expression: `sqliteAdapter(new Database(${JSON.stringify(path.join(dir, "app.db"))}), { tablePrefix: ${JSON.stringify(prefix)} })`,
    }),
    connect: (dir) =>
      new Kysely<DynamicDatabase>({
        dialect: new SqliteDialect({ database: new Database(path.join(dir, "app.db")) }),
      }),
  },
];

/** Writes `auth.ts`: createAuth with every plugin and the target's database. */
async function writeConfig(dir: string, target: Target, prefix: string): Promise<string> {
  const { imports, expression } = target.database(prefix, dir);
  const factories = plugins.map(
    (p) => `import { ${p.factory} } from "${srcImport(dir, `plugins/${p.name}/index`)}";`,
  );
  const file = path.join(dir, "auth.ts");
  const lines = [
    imports,
    `import { createAuth } from "${srcImport(dir, "index")}";`,
    `import { mysqlAdapter, postgresAdapter, sqliteAdapter } from "${srcImport(dir, "adapters/kysely/index")}";`,
    ...factories,
    "",
    "export const auth = createAuth({",
    `  secret: "a-secret-for-the-cli-tests-only-0123456789",`,
    `  database: ${expression},`,
    `  plugins: [${plugins.map((p) => `${p.factory}()`).join(", ")}],`,
    "});",
    "",
  ];
  await writeFile(file, lines.join("\n"));
  return file;
}

for (const target of targets) {
  const available = target.service ? await serviceAvailable(target.service) : true;

  describe.skipIf(!available)(`gatehouse migrate on ${target.dialect}`, () => {
    let scratch: Awaited<ReturnType<typeof scratchDir>>;
    let config: string;
    let db: DynamicKysely;
    const prefix = randomPrefix("cli");
    // Only this test's tables: introspecting the whole schema races with other test files dropping
    // their own tables at the same moment (parallel runs share one database).
    const tables = () => tablesWithPrefix(db, target.dialect, prefix);

    beforeAll(async () => {
      scratch = await scratchDir(`cli-migrate-${target.dialect}`);
      config = await writeConfig(scratch.dir, target, prefix);
      db = target.connect(scratch.dir);
    });
    afterAll(async () => {
      await dropTables(db, target.dialect, await tables());
      await db.destroy();
      await scratch.remove();
    });

    it(
      "shows the plan and refuses without a terminal and without --yes",
      async () => {
        const run = recordingIo(scratch.dir, { isTTY: false });
        expect(await runCli(["migrate", "--config", config], run.io)).toBe(1);
        expect(run.text()).toMatch(/\d+ change\(s\) to apply/);
        expect(run.text()).toContain(`+ create table ${prefix}user`);
        expect(run.errors()).toContain("pass --yes");
        expect(await tables()).toEqual([]);
      },
      SLOW,
    );

    // Dialect-independent: asked once, on SQLite.
    if (target.dialect === "sqlite") {
      it(
        "asks on a terminal and applies nothing when the answer is no",
        async () => {
          const run = recordingIo(scratch.dir, { isTTY: true, answer: false });
          expect(await runCli(["migrate", "--config", config], run.io)).toBe(1);
          expect(run.questions).toEqual([expect.stringMatching(/^Apply \d+ change\(s\)\? \[y\/N\] $/)]);
          expect(await tables()).toEqual([]);
        },
        SLOW,
      );
    }

    it(
      "applies every table and index after a yes, and a second run (--yes) changes nothing",
      async () => {
        const first = recordingIo(scratch.dir, { isTTY: true, answer: true });
        expect(await runCli(["migrate", "--config", config], first.io)).toBe(0);
        const applied = Number(/Applied (\d+) change/.exec(first.text())?.[1]);
        expect(applied).toBeGreaterThan(0);
        const created = await tables();
        expect(created).toContain(`${prefix}user`);
        expect(created).toContain(`${prefix}session`);

        const second = recordingIo(scratch.dir);
        expect(await runCli(["migrate", "--config", config, "--yes"], second.io)).toBe(0);
        expect(second.text()).toBe("The database is up to date: nothing to migrate.");
        expect(second.errors()).toBe("");
        expect(await tables()).toEqual(created);
      },
      SLOW,
    );
  });
}

describe("the gatehouse executable", () => {
  const run = promisify(execFile);
  const cli = path.join(CORE_ROOT, "src", "cli", "index.ts");
  let scratch: Awaited<ReturnType<typeof scratchDir>>;
  beforeAll(async () => {
    scratch = await scratchDir("cli-bin");
  });
  afterAll(() => scratch.remove());

  it(
    "runs as a process: loads auth.ts without a build step, refuses to migrate without a terminal",
    async () => {
      const sqlite = targets.find((t) => t.dialect === "sqlite")!;
      const config = await writeConfig(scratch.dir, sqlite, randomPrefix("bin"));
      // `--import tsx` only because this is the TypeScript source; the published bin is dist/cli/index.js.
      const node = (args: string[]) =>
        run(process.execPath, ["--import", "tsx", cli, ...args], { cwd: scratch.dir }).then(
          (r) => ({ code: 0, ...r }),
          (e: { code: number; stdout: string; stderr: string }) => e,
        );
      const help = await node(["--help"]);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain("Usage: gatehouse <command>");
      const generated = await node(["generate", "--adapter", "sql", "--output", "out.sql"]);
      expect(generated.stderr).toBe("");
      expect(generated.stdout).toContain("Wrote out.sql");
      expect(generated.code).toBe(0);
      const refused = await node(["migrate", "--config", config]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("Not applied: confirm on a terminal, or pass --yes");
      const unknown = await node(["frobnicate"]);
      expect(unknown.code, unknown.stderr).toBe(1);
      expect(unknown.stderr).toContain('Unknown command "frobnicate"');
    },
    SLOW,
  );
});

/** Names of the tables starting with `prefix`, read from the catalog of the current database. */
async function tablesWithPrefix(db: DynamicKysely, dialect: SqlDialect, prefix: string): Promise<string[]> {
  // `_` in the pattern matches any character: the filter below keeps the exact prefix.
  const like = `${prefix}%`;
  const query =
    dialect === "sqlite"
      ? sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE ${like}`
      : dialect === "mysql"
        ? sql<{
            name: string;
          }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name LIKE ${like}`
        : sql<{
            name: string;
          }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name LIKE ${like}`;
  const { rows } = await query.execute(db);
  return rows.map((r) => r.name).filter((name) => name.startsWith(prefix));
}
