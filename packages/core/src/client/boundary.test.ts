import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const src = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Value imports and re-exports of a module (type-only ones are erased and do not count). */
function valueImports(file: string): string[] {
  const code = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const m of code.matchAll(/^(?:import|export)\s+(?!type\s)([^;]*?)\s+from\s+"([^"]+)";/gms)) {
    if (m[2]) found.push(m[2]);
  }
  return found;
}

function resolveLocal(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  for (const candidate of [`${base}.ts`, join(base, "index.ts")]) if (existsSync(candidate)) return candidate;
  throw new Error(`cannot resolve ${spec} from ${from}`);
}

describe("@gatehouse-js/core/client stays browser-safe", () => {
  it("reaches only client modules, route manifests, error tables and nanostores", () => {
    const seen = new Set<string>();
    const external = new Set<string>();
    const queue = [join(src, "client/index.ts")];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const spec of valueImports(file)) {
        if (spec.startsWith(".")) queue.push(resolveLocal(file, spec));
        else external.add(spec);
      }
    }
    const outside = [...seen].map((f) => relative(src, f)).filter((f) => !f.startsWith("client/"));
    expect(outside.sort()).toEqual(["kernel/error-codes.ts", "kernel/routes.ts"]);
    expect([...external]).toEqual(["nanostores"]);
  });

  it("imports and creates a client without window, document or BroadcastChannel", async () => {
    const saved = globalThis.BroadcastChannel;
    Reflect.deleteProperty(globalThis, "BroadcastChannel");
    try {
      expect(typeof window).toBe("undefined");
      const { createAuthClient } = await import("./index");
      const client = createAuthClient({
        baseURL: "http://localhost:3000",
        fetchOptions: { fetch: async () => Response.json(null) },
      });
      const stop = client.$session.listen(() => {});
      await client.signOut();
      stop();
      expect(client.$session.get().isPending).toBeTypeOf("boolean");
    } finally {
      globalThis.BroadcastChannel = saved;
    }
  });
});
