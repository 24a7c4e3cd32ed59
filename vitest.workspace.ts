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
];
