import { defineConfig } from "vitest/config";
import projects from "./vitest.workspace.ts";

export default defineConfig({
  test: {
    projects,
    // Two cores on CI machines: keep workers bounded so database tests do not starve each other.
    maxWorkers: 2,
  },
});
