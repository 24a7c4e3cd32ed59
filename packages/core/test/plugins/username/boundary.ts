import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const srcDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../../src");

/** Every module a file reaches through value imports (type-only imports are erased), and the packages. */
export function reachableModules(entry: string): { files: string[]; packages: string[] } {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const queue = [join(srcDir, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, "utf8");
    for (const m of code.matchAll(/^(?:import|export)\s+(?!type\s)([^;]*?)\s+from\s+"([^"]+)";/gms)) {
      const spec = m[2]!;
      if (!spec.startsWith(".")) {
        packages.add(spec);
        continue;
      }
      const base = resolve(dirname(file), spec);
      const found = [`${base}.ts`, join(base, "index.ts")].find((c) => existsSync(c));
      if (!found) throw new Error(`cannot resolve ${spec} from ${file}`);
      queue.push(found);
    }
  }
  return { files: [...seen].map((f) => relative(srcDir, f)).sort(), packages: [...packages].sort() };
}
