import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../src/cli/generate";
import { runCli } from "../../src/cli/run";
import { configOf, recordingIo, srcImport } from "./cli-helpers";
import { prismaCli, scratchDir } from "./prisma-helpers";

/** `gatehouse generate` with a user's schema.prisma, with config files, and its usage errors. */
let scratch: Awaited<ReturnType<typeof scratchDir>>;
beforeAll(async () => {
  scratch = await scratchDir("cli-config");
});
afterAll(() => scratch.remove());

const validate = (file: string) => prismaCli(["validate", "--schema", file]);

const USER_SCHEMA = `// The app's own schema.
generator client {
  provider = "prisma-client"
  output   = "../src/generated/prisma"
}

datasource db {
  provider = "postgresql"
}

/// The app's users (Gatehouse adds its fields).
model User {
  id    String  @id @default(cuid())
  posts Post[]
  // shown on profile pages
  bio   String?
  email String  @unique

  @@index([bio])
  @@map("users")
}

model Post {
  id       String @id @default(cuid())
  title    String
  authorId String
  author   User   @relation(fields: [authorId], references: [id])
}

enum Color {
  RED
  GREEN
}
`;

describe("gatehouse generate --adapter prisma into an existing schema.prisma", () => {
  it("replaces only Gatehouse's models, keeps the user's models, fields and blocks, and validates", async () => {
    const file = path.join(scratch.dir, "existing", "schema.prisma");
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, USER_SCHEMA);
    const { io, text } = recordingIo(path.dirname(file));
    const args = { adapter: "prisma", output: "schema.prisma", command: "t" } as const;
    await generate(args, configOf({}), io);
    const merged = await readFile(file, "utf8");
    for (const block of [
      USER_SCHEMA.split("\n/// The app")[0]!,
      USER_SCHEMA.slice(USER_SCHEMA.indexOf("model Post")),
    ]) {
      expect(merged).toContain(block.trim());
    }
    expect(text()).toContain("Added models: Session, Account, Verification");
    expect(text()).toContain("Updated models: User");
    const user = merged.slice(
      merged.indexOf("model User"),
      merged.indexOf("}", merged.indexOf("model User")),
    );
    expect(user).toContain("posts Post[]");
    expect(user).toContain("// shown on profile pages");
    expect(user).toContain("bio   String?");
    expect(user).toContain("@@index([bio])");
    expect(user).toContain("emailVerified");
    expect(user).toContain("sessions      Session[]");
    expect(user).not.toContain('@@map("users")');
    expect(user).not.toContain("@default(cuid())");
    await validate(file);
    await generate(args, configOf({}), io);
    expect(await readFile(file, "utf8")).toBe(merged);
  }, 120_000);

  it("refuses a --dialect that contradicts the datasource", async () => {
    const dir = path.join(scratch.dir, "conflict");
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "schema.prisma"), USER_SCHEMA);
    const { io } = recordingIo(dir);
    const run = generate(
      { adapter: "prisma", dialect: "sqlite", output: "schema.prisma", command: "t" },
      configOf({}),
      io,
    );
    await expect(run).rejects.toThrow(/uses the provider "postgresql", not "sqlite"/);
  });
});

describe("gatehouse generate from a config file", () => {
  const config = async (name: string, lines: string[]) => {
    const dir = path.join(scratch.dir, name);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "auth.ts"), lines.join("\n"));
    return dir;
  };

  it("takes a default export of options, and names from a Prisma adapter's options", async () => {
    const options = await config("options", [
      `import { username } from "${srcImport(path.join(scratch.dir, "options"), "plugins/username/index")}";`,
      "export default { plugins: [username()] };",
    ]);
    const sqlRun = recordingIo(options);
    expect(
      await runCli(["generate", "-a", "sql", "-d", "sqlite", "-o", "out.sql"], sqlRun.io),
      sqlRun.errors(),
    ).toBe(0);
    expect(await readFile(path.join(options, "out.sql"), "utf8")).toMatch(/"username" text/);

    const dir = path.join(scratch.dir, "prisma-options");
    await config("prisma-options", [
      `import { createAuth } from "${srcImport(dir, "index")}";`,
      `import { prismaAdapter } from "${srcImport(dir, "adapters/prisma/index")}";`,
      "const client = { $transaction: <R>(fn: (tx: object) => Promise<R>) => fn({}) };",
      "export const auth = createAuth({",
      '  database: prismaAdapter(client, { provider: "sqlite", casing: "snake", tablePrefix: "app_" }),',
      "});",
    ]);
    const prismaRun = recordingIo(dir);
    expect(await runCli(["generate", "--adapter", "prisma"], prismaRun.io), prismaRun.errors()).toBe(0);
    const schema = await readFile(path.join(dir, "prisma", "schema.prisma"), "utf8");
    expect(schema).toContain('provider = "sqlite"');
    expect(schema).toContain('@@map("app_user")');
    expect(schema).toMatch(/emailVerified +Boolean +@map\("email_verified"\)/);
    expect(prismaRun.text()).toContain("Wrote prisma/schema.prisma");
  }, 120_000);

  it("reports usage errors with exit code 1", async () => {
    const empty = await config("empty", ["export const nothing = 1;"]);
    const cases: [string[], RegExp][] = [
      [["generate"], /needs --adapter/],
      [["generate", "--adapter", "drizzle"], /--adapter must be one of prisma, kysely, sql/],
      [["generate", "-a", "sql", "-d", "oracle"], /--dialect must be one of/],
      [["generate", "-a", "sql", "--config", "missing.ts"], /Config file not found/],
      [["generate", "-a", "sql", "--config", "auth.ts"], /must export `auth`/],
      [["migrate", "--nope"], /Unknown option '--nope'/],
    ];
    for (const [argv, message] of cases) {
      const run = recordingIo(empty);
      expect(await runCli(argv, run.io), argv.join(" ")).toBe(1);
      expect(run.errors(), argv.join(" ")).toMatch(message);
    }
    const help = recordingIo(empty);
    expect(await runCli(["--help"], help.io)).toBe(0);
    expect(help.text()).toContain("Usage: gatehouse <command>");
  });
});
