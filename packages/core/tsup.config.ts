import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    node: "src/node.ts",
    "client/index": "src/client/index.ts",
    "testing/index": "src/testing/index.ts",
    "adapters/memory/index": "src/adapters/memory/index.ts",
    "adapters/kysely/index": "src/adapters/kysely/index.ts",
    "storage/redis": "src/storage/redis.ts",
    "webhooks/index": "src/webhooks/index.ts",
    "plugins/username/index": "src/plugins/username/index.ts",
    "plugins/username/client": "src/plugins/username/client.ts",
    "plugins/organization/index": "src/plugins/organization/index.ts",
    "plugins/organization/client": "src/plugins/organization/client.ts",
    "plugins/admin/index": "src/plugins/admin/index.ts",
    "plugins/admin/client": "src/plugins/admin/client.ts",
  },
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  splitting: true,
  treeshake: true,
  target: "es2022",
  external: ["kysely", "pg", "mysql2", "better-sqlite3", "@electric-sql/pglite", "ioredis", "vitest"],
});
