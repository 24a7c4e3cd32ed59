import { execFile } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import type { PrismaClientLike } from "../../src/adapters/prisma/index";
import { type PrismaFileOptions, prismaSchemaFile } from "../../src/adapters/prisma/schema";
import type { Schema } from "../../src/db/model";

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** packages/core: generated clients go to its `generated/` folder (gitignored, outside biome and tsc). */
export const CORE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Runs the Prisma CLI offline: it downloads its schema engine on every command otherwise.
 * Pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing file lets generate/validate/format run.
 */
export async function prismaCli(args: readonly string[]): Promise<{ stdout: string; stderr: string }> {
  const cli = require.resolve("prisma/build/index.js");
  const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: "/bin/false", PRISMA_HIDE_UPDATE_MESSAGE: "1" };
  try {
    return await run(process.execPath, [cli, ...args], { cwd: CORE_ROOT, env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const detail =
      error instanceof Error ? `${error.message}\n${String(Reflect.get(error, "stdout") ?? "")}` : "";
    throw new Error(`prisma ${args.join(" ")} failed: ${detail}`);
  }
}

/** A fresh folder under packages/core/generated, removed by `remove`. */
export async function scratchDir(tag: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = path.join(CORE_ROOT, "generated", `${tag}-${Math.random().toString(36).slice(2, 10)}`);
  await mkdir(dir, { recursive: true });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

type PrismaClientConstructor = new (options: {
  adapter: unknown;
}) => PrismaClientLike & {
  $disconnect(): Promise<void>;
};

function isConstructor(value: unknown): value is PrismaClientConstructor {
  return typeof value === "function";
}

/**
 * Writes the schema with our Prisma generator, runs `prisma generate` (prisma-client generator) into
 * a scratch folder and imports the generated client. Returns the PrismaClient class.
 */
export async function generatePrismaClient(
  schema: Schema,
  options: Omit<PrismaFileOptions, "output">,
): Promise<{ PrismaClient: PrismaClientConstructor; dir: string; remove: () => Promise<void> }> {
  const scratch = await scratchDir(`prisma-${options.provider}`);
  const file = path.join(scratch.dir, "schema.prisma");
  await writeFile(file, prismaSchemaFile(schema, { ...options, output: "./client" }));
  await prismaCli(["generate", "--schema", file]);
  const module: Record<string, unknown> = await import(
    pathToFileURL(path.join(scratch.dir, "client", "client.ts")).href
  );
  const PrismaClient = module.PrismaClient;
  if (!isConstructor(PrismaClient)) throw new Error("The generated client exports no PrismaClient");
  return { PrismaClient, dir: scratch.dir, remove: scratch.remove };
}
