import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdapterConformance } from "../../db/conformance";
import { memoryAdapter } from "./index";

runAdapterConformance(
  {
    name: "memory",
    async setup(schema, options) {
      const database = memoryAdapter(options);
      await database.migrate?.({ schema });
      return { adapter: database.create({ schema }), cleanup: async () => {} };
    },
  },
  { describe, it, expect, beforeAll, afterAll },
);
