import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kyselyAdapter, pgliteAdapter } from "../../src/adapters/kysely/index";
import type { DynamicDatabase } from "../../src/adapters/kysely/types";
import { runAdapterConformance } from "../../src/db/conformance/index";
import type { Schema } from "../../src/db/model";
import { describeMigrations, dropTables, randomPrefix, tablesOf } from "./kysely-helpers";

// One PGlite per file (it takes seconds to start); runs are isolated by table prefix.
const pglite = await PGlite.create();
const db = new Kysely<DynamicDatabase>({ dialect: new PGliteDialect({ pglite }) });
afterAll(() => db.destroy()); // also closes the PGlite instance

runAdapterConformance(
  {
    name: "kysely pglite",
    updateOneWith: true,
    async setup(schema, options) {
      const factory = kyselyAdapter(db, { ...options, dialect: "postgres" });
      await factory.migrate!({ schema });
      return {
        adapter: factory.create({ schema }),
        cleanup: () => dropTables(db, "postgres", tablesOf(schema, options)),
      };
    },
  },
  { describe, it, expect, beforeAll, afterAll },
);

describeMigrations("kysely pglite", () => db, "postgres");

describe("pgliteAdapter", () => {
  const schema: Schema = {
    item: { name: "item", fields: { label: { type: "string" }, tags: { type: "string[]" } } },
  };
  const options = { tablePrefix: randomPrefix("g") };
  afterAll(() => dropTables(db, "postgres", tablesOf(schema, options)));

  it("builds its own Kysely instance over a PGlite database", async () => {
    // Not closed here: closing would close the shared PGlite instance.
    const factory = pgliteAdapter(pglite, options);
    expect(factory.id).toBe("kysely-postgres");
    await factory.migrate!({ schema });
    const adapter = factory.create({ schema });
    const item = await adapter.create({ model: "item", data: { label: "x", tags: ["a", "b"] } });
    expect(
      await adapter.findOne({ model: "item", where: [{ field: "id", value: item.id as string }] }),
    ).toEqual({
      id: item.id,
      label: "x",
      tags: ["a", "b"],
    });
  });
});
