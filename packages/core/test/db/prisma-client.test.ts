import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PrismaClientLike, prismaAdapter } from "../../src/adapters/prisma/index";
import { schemaSql } from "../../src/cli/sql";
import { createAuth } from "../../src/create-auth";
import type { Schema } from "../../src/db/model";
import { CORE_ROOT, generatePrismaClient, scratchDir } from "./prisma-helpers";

/** The Prisma adapter against a real generated client, for what the conformance suite does not cover. */
const schema: Schema = {
  note: {
    name: "note",
    fields: { title: { type: "string", unique: true }, body: { type: "json", required: false } },
  },
};
const options = { provider: "sqlite", tablePrefix: "p_" } as const;

let generated: Awaited<ReturnType<typeof generatePrismaClient>>;
let scratch: Awaited<ReturnType<typeof scratchDir>>;
let prisma: PrismaClientLike & { $disconnect(): Promise<void> };

beforeAll(async () => {
  generated = await generatePrismaClient(schema, options);
  scratch = await scratchDir("prisma-client-db");
  const file = path.join(scratch.dir, "db.sqlite");
  const db = new Database(file);
  for (const statement of schemaSql(schema, "sqlite", options).statements) db.exec(statement);
  db.close();
  prisma = new generated.PrismaClient({ adapter: new PrismaBetterSqlite3({ url: `file:${file}` }) });
}, 120_000);
afterAll(async () => {
  await prisma.$disconnect();
  await scratch.remove();
  await generated.remove();
});

describe("prisma adapter with a generated client", () => {
  it("writes JSON NULL as a database NULL and filters on it", async () => {
    const db = prismaAdapter(prisma, options).create({ schema });
    const a = await db.create<{ id: string }>({ model: "note", data: { title: "a", body: { x: [1] } } });
    await db.create({ model: "note", data: { title: "b" } });
    await db.update({ model: "note", where: [{ field: "id", value: a.id }], update: { body: null } });
    expect(await db.count({ model: "note", where: [{ field: "body", value: null }] })).toBe(2);
    await db.update({ model: "note", where: [{ field: "id", value: a.id }], update: { body: "text" } });
    expect(
      await db.findOne({ model: "note", where: [{ field: "body", operator: "ne", value: null }] }),
    ).toMatchObject({
      title: "a",
      body: "text",
    });
    await expect(
      db.findMany({ model: "note", where: [{ field: "body", operator: "contains", value: "x" }] }),
    ).rejects.toThrow(/not supported on the JSON field/);
    await db.deleteMany({ model: "note" });
  });

  it("updates and returns rows with a client that has no updateManyAndReturn (before Prisma 6.2)", async () => {
    const older = new Proxy(prisma, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (key !== "note" || typeof value !== "object" || value === null) return value;
        return new Proxy(value, {
          get: (d, k) => (k === "updateManyAndReturn" ? undefined : Reflect.get(d, k)),
        });
      },
    });
    const db = prismaAdapter(older, options).create({ schema });
    const note = await db.create<{ id: string }>({ model: "note", data: { title: "old" } });
    const updated = await db.update({
      model: "note",
      where: [{ field: "title", value: "old" }],
      update: { title: "new" },
    });
    expect(updated).toMatchObject({ id: note.id, title: "new", body: null });
    expect(
      await db.update({ model: "note", where: [{ field: "title", value: "none" }], update: { title: "x" } }),
    ).toBeNull();
    await db.deleteMany({ model: "note" });
  });

  it("names the missing model at first use, not when the auth is created", async () => {
    const auth = createAuth({ database: prismaAdapter(prisma, { provider: "sqlite" }) });
    await expect(auth.$context.adapter.count({ model: "user" })).rejects.toThrow(
      /no model delegate "user" for the Gatehouse model "user".*gatehouse generate --adapter prisma/,
    );
  });

  it("the generated PrismaClient type fits prismaAdapter without a cast (tsc)", async () => {
    const file = path.join(scratch.dir, "fits.ts");
    const client = path.relative(scratch.dir, generated.dir).split(path.sep).join("/");
    const src = path.relative(scratch.dir, path.join(CORE_ROOT, "src")).split(path.sep).join("/");
    await writeFile(
      file,
      [
        'import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";',
        `import { prismaAdapter } from "${src}/adapters/prisma/index";`,
        `import { PrismaClient } from "${client}/client/client";`,
        'const prisma = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: "file:x.db" }) });',
        'export const database = prismaAdapter(prisma, { provider: "sqlite", transactionOptions: { isolationLevel: "Serializable" } });',
        "",
      ].join("\n"),
    );
    const tsconfig = path.join(scratch.dir, "tsconfig.json");
    await writeFile(
      tsconfig,
      JSON.stringify({
        extends: path.join(CORE_ROOT, "tsconfig.json"),
        compilerOptions: { noEmit: true, allowImportingTsExtensions: true, skipLibCheck: true },
        include: [file],
      }),
    );
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    const result = await promisify(execFile)(process.execPath, [tsc, "-p", tsconfig]).then(
      () => "",
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(result.split("\n").filter((line) => !line.includes("/client/"))).toEqual([""]);
  }, 120_000);
});
