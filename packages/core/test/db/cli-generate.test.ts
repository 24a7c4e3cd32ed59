import { readFile } from "node:fs/promises";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../src/cli/generate";
import type { AnyPlugin } from "../../src/kernel/plugin";
import {
  type AvailablePlugin,
  availablePlugins,
  combinations,
  comboName,
  configOf,
  recordingIo,
} from "./cli-helpers";
import { prismaCli, scratchDir } from "./prisma-helpers";

/**
 * `gatehouse generate` for every combination of the plugins that exist (found at run time): the
 * Prisma schema validates with `prisma validate`, and the SQLite DDL runs. (The SQL of every dialect
 * against real servers: cli-sql.test.ts.)
 */
const plugins = await availablePlugins();
const combos = combinations(plugins);
const instances = (subset: readonly AvailablePlugin[]): AnyPlugin[] => subset.map((p) => p.create());

let scratch: Awaited<ReturnType<typeof scratchDir>>;
beforeAll(async () => {
  scratch = await scratchDir("cli-generate");
});
afterAll(() => scratch.remove());

/** Tests wait for their `prisma validate` in the queue below. */
const SLOW = 180_000;

/** `prisma validate` starts a Node process (~1 s): up to three run at once, queued from the first test on. */
const limit = 3;
let running = 0;
const waiting: (() => void)[] = [];
async function validate(file: string): Promise<void> {
  if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    await prismaCli(["validate", "--schema", file]);
  } finally {
    running--;
    waiting.shift()?.();
  }
}
const validations = new Map<string, Promise<void>>();

/** Runs `generate` in its own folder; returns what it wrote. */
async function generated(
  name: string,
  args: Parameters<typeof generate>[0],
  subset: readonly AvailablePlugin[],
) {
  const dir = path.join(scratch.dir, name.replace(/\W+/g, "-"));
  const { io, text } = recordingIo(dir);
  await generate(args, configOf({ plugins: instances(subset) }), io);
  const file = path.resolve(dir, args.output ?? "");
  return { file, content: await readFile(file, "utf8"), log: text() };
}

describe("gatehouse generate for every plugin combination", () => {
  it("found the plugins of src/plugins; generates every combination", async () => {
    expect(plugins.length).toBeGreaterThan(0);
    expect(combos[0]).toEqual([]);
    for (const subset of combos) {
      const name = comboName(subset);
      const args = {
        adapter: "prisma",
        dialect: "postgres",
        output: "prisma/schema.prisma",
        command: "test",
      } as const;
      const { file } = await generated(name, args, subset);
      const validation = validate(file);
      validation.catch(() => {});
      validations.set(name, validation);
    }
  });

  for (const subset of combos) {
    it(
      `${comboName(subset)}: Prisma models validate, SQLite DDL applies, generating twice changes nothing`,
      async () => {
        const name = comboName(subset);
        const args = {
          adapter: "prisma",
          dialect: "postgres",
          output: "prisma/schema.prisma",
          command: "test",
        } as const;
        const first = await readFile(path.join(scratch.dir, name.replace(/\W+/g, "-"), args.output), "utf8");
        await validations.get(name);
        const second = await generated(name, args, subset);
        expect(second.content).toBe(first);
        expect(second.log).toContain("Updated models:");

        const sql = await generated(
          name,
          { adapter: "sql", dialect: "sqlite", output: "s.sql", command: "t" },
          subset,
        );
        const db = new Database(":memory:");
        try {
          db.exec(sql.content);
          const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get();
          const schema = configOf({ plugins: instances(subset) }).schema;
          expect(tables).toEqual({ n: Object.keys(schema).length });
        } finally {
          db.close();
        }
      },
      SLOW,
    );
  }

  it(
    "all plugins: the Prisma models validate for MySQL and SQLite too",
    async () => {
      const all = combos.at(-1) ?? [];
      for (const dialect of ["mysql", "sqlite"] as const) {
        const out = await generated(
          `all-${dialect}`,
          { adapter: "prisma", dialect, output: "schema.prisma", command: "t" },
          all,
        );
        expect(out.content).toContain(`provider = "${dialect}"`);
        await validate(out.file);
      }
    },
    SLOW,
  );
});
