import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prismaAdapter } from "../../src/adapters/prisma/index";
import { schemaSql } from "../../src/cli/sql";
import { runAdapterConformance } from "../../src/db/conformance/index";
import { serviceAvailable, serviceUrls } from "../helpers/services";
import { generatePrismaClient } from "./prisma-helpers";

const available = await serviceAvailable("postgres");

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

describe.skipIf(!available)("prisma postgres", () => {
  // The client is generated for the random table prefix of the run (its models @@map to those tables);
  // the tables are created with the SQL that `gatehouse generate --adapter sql --dialect postgres` writes.
  runAdapterConformance(
    {
      name: "prisma postgres",
      async setup(schema, options) {
        const generated = await generatePrismaClient(schema, { ...options, provider: "postgresql" });
        const pool = new pg.Pool({ connectionString: serviceUrls.postgres, max: 4 });
        const sql = schemaSql(schema, "postgres", options);
        for (const statement of sql.statements) await pool.query(statement);
        const prisma = new generated.PrismaClient({
          adapter: new PrismaPg({ connectionString: serviceUrls.postgres, max: 10 }),
        });
        const database = prismaAdapter(prisma, { ...options, provider: "postgresql" });
        const cleanup = async () => {
          await prisma.$disconnect();
          await pool.query(`DROP TABLE IF EXISTS ${sql.tables.map(quote).join(", ")} CASCADE`);
          await pool.end();
          await generated.remove();
        };
        return { adapter: database.create({ schema }), cleanup };
      },
    },
    { describe, it, expect, beforeAll, afterAll },
  );
});
