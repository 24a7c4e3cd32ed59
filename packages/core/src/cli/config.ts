import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildSchema } from "../context/build-schema";
import type { DatabaseAdapter } from "../db/adapter";
import type { Schema } from "../db/model";
import type { AuthOptions } from "../kernel/options";
import { CliError } from "./io";

/** Where the CLI looks for the auth config when `--config` is not given. */
export const CONFIG_CANDIDATES = [
  "auth.ts",
  "src/auth.ts",
  "lib/auth.ts",
  "src/lib/auth.ts",
  "server/auth.ts",
  "auth.js",
  "auth.mjs",
  "src/auth.js",
];

export interface LoadedConfig {
  readonly file: string;
  readonly options: AuthOptions;
  /** The merged schema: core models plus every configured plugin's. */
  readonly schema: Schema;
  readonly database?: DatabaseAdapter;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

export function resolveConfigPath(cwd: string, given: string | undefined): string {
  if (given) {
    const file = path.resolve(cwd, given);
    if (!existsSync(file)) throw new CliError(`Config file not found: ${file}`);
    return file;
  }
  const found = CONFIG_CANDIDATES.map((c) => path.resolve(cwd, c)).find((f) => existsSync(f));
  if (!found) {
    throw new CliError(
      `No auth config found (looked for ${CONFIG_CANDIDATES.join(", ")}): pass --config <file>.`,
    );
  }
  return found;
}

/** tsx's scoped loader when the app has tsx installed (an optional peer dependency), else null. */
async function tsxImport(): Promise<
  ((url: string, options: { parentURL: string }) => Promise<unknown>) | null
> {
  try {
    return (await import("tsx/esm/api")).tsImport;
  } catch {
    return null;
  }
}

/**
 * Imports the file. TypeScript goes through tsx's loader when the app has `tsx` (so `auth.ts` needs
 * no build step; the loader is scoped to this import); without it, Node loads the file itself (type
 * stripping, Node 22.18+), and a failure says how to fix it.
 */
async function importFile(file: string): Promise<unknown> {
  const url = pathToFileURL(file).href;
  if (!/\.[mc]?tsx?$/.test(file)) return import(url);
  const tsImport = await tsxImport();
  if (tsImport) return tsImport(url, { parentURL: url });
  try {
    return await import(url);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${reason} (install tsx next to @gatehouse-js/core to load a TypeScript config: npm i -D tsx)`,
    );
  }
}

/**
 * Loads the user's auth config: the export `auth` (what `createAuth` returned) or the default export
 * (an auth, or the options object given to `createAuth`).
 */
export async function loadConfig(cwd: string, given: string | undefined): Promise<LoadedConfig> {
  const file = resolveConfigPath(cwd, given);
  let module: unknown;
  try {
    module = await importFile(file);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(`Could not load ${file}: ${reason}`);
  }
  const exported = isObject(module) ? (module.auth ?? module.default) : undefined;
  const value =
    isObject(exported) && isObject(exported.default) && !("options" in exported)
      ? exported.default
      : exported;
  if (!isObject(value)) {
    throw new CliError(`${file} must export \`auth\` (the result of createAuth) or a default export.`);
  }
  const context = value.$context;
  if (isObject(value.options) && isObject(context) && isObject(context.schema)) {
    const options = value.options as AuthOptions;
    return { file, options, schema: context.schema as Schema, database: options.database };
  }
  const options = value as AuthOptions;
  return { file, options, schema: buildSchema(options), database: options.database };
}
