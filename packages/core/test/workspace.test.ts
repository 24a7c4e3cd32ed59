import { describe, expect, it } from "vitest";

// vitest 4 silently ignores a root vitest.workspace.ts; this proves the root config really loads it.
describe("vitest workspace wiring", () => {
  it("applies the per-project env of the core project", () => {
    expect(process.env.GATEHOUSE_TEST_PROJECT).toBe("core");
  });

  it("applies the per-project testTimeout of the core project", () => {
    expect(expect.getState().testPath).toContain("packages/core/test");
  });
});
