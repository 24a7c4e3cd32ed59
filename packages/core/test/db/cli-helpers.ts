import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { LoadedConfig } from "../../src/cli/config";
import type { CliIo } from "../../src/cli/io";
import { buildSchema } from "../../src/context/build-schema";
import type { AuthOptions } from "../../src/kernel/options";
import type { AnyPlugin } from "../../src/kernel/plugin";
import { CORE_ROOT } from "./prisma-helpers";

/** A plugin of packages/core/src/plugins: the folder and its factory (the export named like it). */
export interface AvailablePlugin {
  /** The plugin's folder ("api-key"). */
  readonly name: string;
  /** The factory the folder's index exports ("apiKey"). */
  readonly factory: string;
  readonly module: string;
  readonly create: () => AnyPlugin;
}

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function isPlugin(value: unknown): value is AnyPlugin {
  return typeof value === "object" && value !== null && typeof Reflect.get(value, "id") === "string";
}

/**
 * Every plugin that exists when the tests run: a folder under src/plugins whose index exports a
 * factory of the folder's name that builds a plugin with its default options. New plugins are
 * covered without touching the tests.
 */
export async function availablePlugins(): Promise<AvailablePlugin[]> {
  const root = path.join(CORE_ROOT, "src", "plugins");
  const out: AvailablePlugin[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const module = path.join(root, entry.name, "index.ts");
    const exports: Record<string, unknown> = await import(pathToFileURL(module).href);
    const factory = exports[camel(entry.name)];
    if (typeof factory !== "function") continue;
    const create = () => {
      const plugin: unknown = factory();
      if (!isPlugin(plugin)) throw new Error(`${entry.name}() did not return a plugin`);
      return plugin;
    };
    create();
    out.push({ name: entry.name, factory: camel(entry.name), module, create });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** Every subset of the plugins (the empty one first) whose `requires` are met within the subset. */
export function combinations(plugins: readonly AvailablePlugin[]): AvailablePlugin[][] {
  const subsets: AvailablePlugin[][] = [[]];
  for (const plugin of plugins) {
    for (const subset of [...subsets]) subsets.push([...subset, plugin]);
  }
  return subsets.filter((subset) => {
    const ids = new Set(subset.map((p) => p.create().id));
    return subset.every((p) => (p.create().requires ?? []).every((r) => ids.has(r)));
  });
}

export const comboName = (subset: readonly AvailablePlugin[]): string =>
  subset.length === 0 ? "core only" : subset.map((p) => p.name).join(" + ");

/** What `loadConfig` returns for an auth config with these options (built in process). */
export function configOf(options: AuthOptions, file = "inline"): LoadedConfig {
  return { file, options, schema: buildSchema(options), database: options.database };
}

/** An io that records what the CLI prints; `answer` is what a person at a terminal would reply. */
export function recordingIo(cwd: string, tty: { isTTY?: boolean; answer?: boolean } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const questions: string[] = [];
  const io: CliIo = {
    cwd,
    isTTY: tty.isTTY ?? false,
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    confirm: async (question) => {
      questions.push(question);
      return tty.answer ?? false;
    },
  };
  return { io, out, err, questions, text: () => out.join("\n"), errors: () => err.join("\n") };
}

/** A TypeScript import path from a scratch folder to a file of packages/core/src. */
export function srcImport(fromDir: string, file: string): string {
  const relative = path
    .relative(fromDir, path.join(CORE_ROOT, "src", file))
    .split(path.sep)
    .join("/");
  return relative.startsWith(".") ? relative : `./${relative}`;
}
