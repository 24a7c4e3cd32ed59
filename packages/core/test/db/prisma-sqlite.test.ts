import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prismaAdapter } from "../../src/adapters/prisma/index";
import { schemaSql } from "../../src/cli/sql";
import { runAdapterConformance } from "../../src/db/conformance/index";
import { generatePrismaClient, scratchDir } from "./prisma-helpers";

// A database file in a scratch folder: the tables are created with the SQL that
// `gatehouse generate --adapter sql --dialect sqlite` writes, then Prisma opens the same file.
runAdapterConformance(
  {
    name: "prisma sqlite",
    async setup(schema, options) {
      const generated = await generatePrismaClient(schema, { ...options, provider: "sqlite" });
      const scratch = await scratchDir("prisma-sqlite-db");
      const file = `${scratch.dir}/test.db`;
      const db = new Database(file);
      for (const statement of schemaSql(schema, "sqlite", options).statements) db.exec(statement);
      db.close();
      const prisma = new generated.PrismaClient({
        adapter: new PrismaBetterSqlite3({ url: `file:${file}` }),
      });
      const database = prismaAdapter(prisma, {
        ...options,
        provider: "sqlite",
        // SQLite runs one transaction at a time: concurrent transactions wait for the lock.
        transactionOptions: { maxWait: 10_000, timeout: 20_000 },
      });
      const cleanup = async () => {
        await prisma.$disconnect();
        await scratch.remove();
        await generated.remove();
      };
      return { adapter: database.create({ schema }), cleanup };
    },
  },
  { describe, it, expect, beforeAll, afterAll },
);
