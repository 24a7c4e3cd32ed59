import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceAvailable, serviceUrls } from "../helpers/services";
import { runDocBlocks } from "./run-doc";

const available = await serviceAvailable("postgres");

/**
 * docs/adapters/README.md, "PostgreSQL: prepared statements": its tested block runs as written
 * against the real PostgreSQL, in a schema of its own (DATABASE_URL's search_path), dropped after.
 */
describe.skipIf(!available)("adapters docs: PostgreSQL prepared statements", () => {
  const schema = `docprep_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serviceUrls.postgres });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  beforeAll(() => admin(`CREATE SCHEMA "${schema}"`));
  afterAll(() => admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));

  it("runs as written: migrates and signs a user up with preparedStatements: false", () => {
    const url = new URL(serviceUrls.postgres);
    url.searchParams.set("options", `-c search_path=${schema}`);
    const { blocks, lines } = runDocBlocks("adapters/README.md", { DATABASE_URL: url.toString() });
    expect(blocks).toBe(1);
    expect(lines.at(-1)).toBe("200");
  }, 60_000);
});
