import { MongoClient } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mongoAdapter } from "../../src/adapters/mongo/index";
import { runAdapterConformance } from "../../src/db/conformance/index";
import { fakeMongo } from "./mongo-fake";

/**
 * The conformance suite against the in-process MongoDB substitute (see mongo-fake.ts and
 * docs/adapters/mongodb.md for what it does and does not prove), in both id modes, with and without
 * transactions; and against a real server when MONGODB_URL is set.
 */
const quiet = () => {};

runAdapterConformance(
  {
    name: "mongodb substitute, string ids, no transactions",
    updateOneWith: true,
    async setup(schema, options) {
      const { db } = fakeMongo({ replicaSet: false });
      const database = mongoAdapter(db, { ...options, warn: quiet });
      await database.migrate?.({ schema });
      return { adapter: database.create({ schema }), cleanup: async () => {} };
    },
  },
  { describe, it, expect, beforeAll, afterAll },
);

runAdapterConformance(
  {
    name: "mongodb substitute, ObjectId ids, replica set transactions",
    updateOneWith: true,
    async setup(schema, options) {
      const { db, client } = fakeMongo({ replicaSet: true });
      const database = mongoAdapter(db, { ...options, idType: "objectId", client });
      await database.migrate?.({ schema });
      return { adapter: database.create({ schema }), cleanup: async () => {} };
    },
  },
  { describe, it, expect, beforeAll, afterAll },
);

const url = process.env.MONGODB_URL;
if (!url) {
  console.warn(
    "[gatehouse tests] MONGODB_URL is not set: skipping the MongoDB conformance run against a real server.",
  );
}

describe.skipIf(!url)("mongodb server (MONGODB_URL)", () => {
  for (const idType of ["string", "objectId"] as const) {
    runAdapterConformance(
      {
        name: `mongodb server, ${idType} ids`,
        updateOneWith: true,
        async setup(schema, options) {
          const client = new MongoClient(url ?? "");
          await client.connect();
          const db = client.db();
          const hello = await db.command({ hello: 1 });
          const transactions = typeof hello.setName === "string" || hello.msg === "isdbgrid";
          const database = mongoAdapter(db, { ...options, idType, client, transactions, warn: quiet });
          await database.migrate?.({ schema });
          const cleanup = async () => {
            for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
              if (name.startsWith(options.tablePrefix ?? "\u0000")) await db.collection(name).drop();
            }
            await client.close();
          };
          return { adapter: database.create({ schema }), cleanup };
        },
      },
      { describe, it, expect, beforeAll, afterAll },
    );
  }
});
