import { defineProject } from "vitest/config";

/**
 * The one list of test projects. Vitest 4 ignores a root `vitest.workspace.ts` on its own, so
 * `vitest.config.ts` imports this list into `test.projects`; `packages/core/test/workspace.test.ts`
 * proves that the per-project settings below really apply.
 */
export default [
  defineProject({
    test: {
      name: "core",
      root: "./packages/core",
      include: ["src/**/*.test.ts", "test/**/*.test.ts"],
      exclude: ["test/db/**", "**/node_modules/**"],
      environment: "node",
      env: { GATEHOUSE_TEST_PROJECT: "core" },
      // Collects the reliability suite's counters and prints their report at the end of the run.
      globalSetup: ["./test/reliability/global-setup.ts"],
      testTimeout: 20_000,
    },
  }),
  defineProject({
    test: {
      name: "core-db",
      root: "./packages/core",
      include: ["test/db/**/*.test.ts"],
      environment: "node",
      env: { GATEHOUSE_TEST_PROJECT: "core-db" },
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  }),
  defineProject({
    // Workspace packages resolve to their TypeScript sources (the "gatehouse-source" export condition),
    // as `tsc` (customConditions) and the examples (`tsx --conditions=gatehouse-source`) do.
    resolve: { conditions: ["gatehouse-source", "module", "browser", "development|production"] },
    ssr: { resolve: { conditions: ["gatehouse-source", "module", "node", "development|production"] } },
    test: {
      name: "react",
      root: "./packages/react",
      include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.{ts,tsx}"],
      environment: "jsdom",
      env: { GATEHOUSE_TEST_PROJECT: "react" },
      testTimeout: 20_000,
    },
  }),
  defineProject({
    test: {
      name: "examples",
      root: "./examples/basic",
      include: ["test/**/*.test.ts"],
      environment: "node",
      env: { GATEHOUSE_TEST_PROJECT: "examples" },
      testTimeout: 120_000,
      hookTimeout: 120_000,
    },
  }),
  defineProject({
    // The third-party plugin example resolves the core to its sources, as the react project does.
    resolve: { conditions: ["gatehouse-source", "module", "node", "development|production"] },
    ssr: { resolve: { conditions: ["gatehouse-source", "module", "node", "development|production"] } },
    test: {
      name: "examples-plugin",
      root: "./examples/third-party-plugin",
      include: ["test/**/*.test.ts"],
      environment: "node",
      env: { GATEHOUSE_TEST_PROJECT: "examples-plugin" },
      testTimeout: 20_000,
    },
  }),
  defineProject({
    test: {
      name: "packaging",
      root: ".",
      include: ["test/packaging/**/*.test.ts"],
      environment: "node",
      env: { GATEHOUSE_TEST_PROJECT: "packaging" },
      // Builds (when dist is stale), packs, npm-installs and type-checks: minutes, not seconds.
      testTimeout: 300_000,
      hookTimeout: 600_000,
    },
  }),
];
