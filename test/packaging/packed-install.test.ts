import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIfStale, pnpm, run, timed } from "./helpers";

/**
 * The packages as a user gets them: `pnpm pack`ed tarballs installed with npm into a scratch
 * project outside the workspace, then every `exports` entry imported (ESM and CJS), the `gatehouse`
 * bin run, and a strict consumer type-checked without `skipLibCheck`. Optional peers the app does
 * not use (stripe, pglite, tsx, prisma) are deliberately NOT installed.
 */
const repo = resolve(import.meta.dirname, "../..");
const packages = ["core", "react"] as const;
type Manifest = {
  name: string;
  exports: Record<string, Record<string, string>>;
  dependencies?: Record<string, string>;
  engines?: { node?: string };
  bin?: Record<string, string>;
};
const manifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));

let scratch = "";
const timings: Record<string, number> = {};
const tarballs: Record<(typeof packages)[number], string> = { core: "", react: "" };

beforeAll(() => {
  timings.build = timed(() => buildIfStale(repo, packages));
  scratch = mkdtempSync(join(tmpdir(), "gatehouse-packed-"));
  timings.pack = timed(() => {
    for (const name of packages) {
      pnpm(["pack", "--pack-destination", scratch], join(repo, "packages", name));
    }
  });
  for (const name of packages) {
    const file = readdirSync(scratch).find(
      (f) => f.startsWith(`gatehouse-js-${name}-`) && f.endsWith(".tgz"),
    );
    if (!file) throw new Error(`pnpm pack produced no tarball for ${name}`);
    tarballs[name] = join(scratch, file);
  }
  const project = join(scratch, "app");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true }, null, 2));
  timings.install = timed(() =>
    run(
      "npm",
      [
        "install",
        "--prefer-offline",
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
        tarballs.core,
        tarballs.react,
        // Peers the documented entry points load at run time; react is the react package's peer.
        "kysely@0.29.9",
        "ioredis@6.0.0",
        "mongodb@7.9.0",
        "react@19.3.1",
        // What a TypeScript consumer has anyway.
        "@types/node@20",
        "@types/react@19.3.0",
      ],
      project,
    ),
  );
  scratch = project;
}, 600_000);

afterAll(() => {
  console.log(`[packaging] timings (ms): ${JSON.stringify(timings)}`);
  if (scratch) rmSync(resolve(scratch, ".."), { recursive: true, force: true });
});

describe("packed tarballs", () => {
  it("contain dist and the bin, and no sources or tests", () => {
    const listing = execFileSync("tar", ["-tzf", tarballs.core], { encoding: "utf8" }).split("\n");
    expect(listing).toContain("package/dist/index.js");
    expect(listing).toContain("package/dist/cli/index.js");
    expect(listing).toContain("package/bin/gatehouse.js");
    expect(listing.filter((f) => f.startsWith("package/src/") || f.startsWith("package/test/"))).toEqual([]);
  });

  it("declare only what runs as dependencies, the published scope and real versions", () => {
    const core = manifest(join(scratch, "node_modules/@gatehouse-js/core"));
    const react = manifest(join(scratch, "node_modules/@gatehouse-js/react"));
    expect(core.name).toBe("@gatehouse-js/core");
    expect(Object.keys(core.dependencies ?? {}).sort()).toEqual([
      "@noble/hashes",
      "better-call",
      "jose",
      "nanostores",
      "zod",
    ]);
    expect(react.dependencies?.["@gatehouse-js/core"]).toBe(manifest(join(repo, "packages/core")).version);
    for (const pkg of ["tsx", "esbuild", "stripe", "@electric-sql/pglite"]) {
      expect(existsSync(join(scratch, "node_modules", pkg)), `${pkg} installed`).toBe(false);
    }
  });

  it("require a Node version every runtime and peer dependency supports", () => {
    expect(manifest(join(scratch, "node_modules/@gatehouse-js/core")).engines?.node).toBe(">=22.12");
    expect(manifest(join(scratch, "node_modules/@gatehouse-js/react")).engines?.node).toBe(">=22.12");
    // kysely 0.29 needs Node 22; @prisma/client 7 needs 22.12 on the 22 line.
    expect(manifest(join(scratch, "node_modules/kysely")).engines?.node).toBe(">=22.0.0");
  });

  it("import every exports entry in ESM and CommonJS", () => {
    const specifiers = packages.flatMap((name) => {
      const { name: pkg, exports } = manifest(join(scratch, "node_modules/@gatehouse-js", name));
      return Object.keys(exports).map((key) => (key === "." ? pkg : `${pkg}/${key.slice(2)}`));
    });
    // The prisma entry point loads Prisma's generated runtime (a generated client is the app's own).
    const skipped = ["@gatehouse-js/core/adapters/prisma"];
    const esm = specifiers.filter((s) => !skipped.includes(s));
    writeFileSync(
      join(scratch, "check.mjs"),
      `${esm.map((s, i) => `import * as m${i} from ${JSON.stringify(s)};`).join("\n")}\nconsole.log(JSON.stringify([${esm.map((s, i) => `[${JSON.stringify(s)}, Object.keys(m${i}).length]`).join(",")}]));\n`,
    );
    writeFileSync(
      join(scratch, "check.cjs"),
      `console.log(JSON.stringify(${JSON.stringify(esm)}.map((s) => [s, Object.keys(require(s)).length])));\n`,
    );
    for (const file of ["check.mjs", "check.cjs"]) {
      const loaded: [string, number][] = JSON.parse(run("node", [file], scratch));
      expect(loaded.map(([s]) => s)).toEqual(esm);
      for (const [s, count] of loaded) expect(count, `${s} exports`).toBeGreaterThan(0);
    }
    expect(specifiers).toEqual(expect.arrayContaining([...skipped, "@gatehouse-js/react"]));
  });

  it("runs the gatehouse bin from dist, without tsx", () => {
    const out = run("node", ["node_modules/.bin/gatehouse", "--help"], scratch);
    expect(out).toMatch(/generate/);
  });

  it("type-checks a strict consumer of every entry point without skipLibCheck (no stripe installed)", () => {
    const specifiers = packages.flatMap((name) => {
      const { name: pkg, exports } = manifest(join(scratch, "node_modules/@gatehouse-js", name));
      return Object.keys(exports).map((key) => (key === "." ? pkg : `${pkg}/${key.slice(2)}`));
    });
    const consumer = [
      ...specifiers.map((s, i) => `import * as m${i} from ${JSON.stringify(s)};`),
      'import { createAuth } from "@gatehouse-js/core";',
      'import { memoryAdapter } from "@gatehouse-js/core/adapters/memory";',
      'import { billing, testProcessor } from "@gatehouse-js/core/plugins/billing";',
      "export const auth = createAuth({ secret: 'x'.repeat(32), database: memoryAdapter(), plugins: [billing({ processor: testProcessor() })] });",
      `export const all = [${specifiers.map((_, i) => `m${i}`).join(", ")}];`,
    ].join("\n");
    writeFileSync(join(scratch, "consumer.mts"), `${consumer}\n`);
    writeFileSync(join(scratch, "consumer.cts"), `${consumer}\n`);
    writeFileSync(
      join(scratch, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          skipLibCheck: false,
          noEmit: true,
          module: "nodenext",
          moduleResolution: "nodenext",
          target: "es2022",
          lib: ["es2023", "dom"],
          types: ["node"],
          jsx: "react-jsx",
        },
        files: ["consumer.mts", "consumer.cts"],
      }),
    );
    timings.typecheck = timed(() =>
      run(process.execPath, [join(repo, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], scratch),
    );
  });
});
