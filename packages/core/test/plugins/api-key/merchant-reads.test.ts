import { describe, expect, it } from "vitest";
import { memoryAdapter } from "../../../src/adapters/memory/index";
import type { DatabaseAdapter, DBAdapter } from "../../../src/db/adapter";
import { product, setupApiKey } from "./helpers";

/**
 * The merchant API resolves the merchant once per call: while checking the caller's rights. The
 * service behind it (which parses its input again) gets that row with the input instead of reading
 * the merchant a second time.
 */
function countingMemory() {
  const memory = memoryAdapter();
  const reads = { merchant: 0 };
  const database: DatabaseAdapter = {
    ...memory,
    create: (ctx) => {
      const db = memory.create(ctx);
      const counted = (model: string) => {
        if (model === "billingMerchant") reads.merchant++;
      };
      return {
        ...db,
        findOne: ((args) => {
          counted(args.model);
          return db.findOne(args);
        }) as DBAdapter["findOne"],
        findMany: ((args) => {
          counted(args.model);
          return db.findMany(args);
        }) as DBAdapter["findMany"],
      };
    },
  };
  return { database, reads };
}

describe("merchant API: one merchant read per call", () => {
  it("with an organization key and with a session, reads and writes", async () => {
    const { database, reads } = countingMemory();
    const s = setupApiKey({}, { database });
    const { owner, org } = await s.orgOwner();
    const created = await s.serverKey({
      userId: owner.user.id,
      organizationId: org.id,
      permissions: { billing: ["read", "manage"] },
      rateLimitEnabled: false,
    });
    const client = s.keyClient(created.key);
    expect((await client.post("/billing/products/create", product())).status).toBe(200); // creates the merchant

    const cost = async (call: () => Promise<{ status: number }>) => {
      const before = reads.merchant;
      expect((await call()).status).toBe(200);
      return reads.merchant - before;
    };
    expect(await cost(() => client.get("/billing/products/list"))).toBe(1);
    expect(await cost(() => client.post("/billing/products/create", product()))).toBe(1);
    expect(
      await cost(() => owner.browser.get("/billing/products/list", { query: { organizationId: org.id } })),
    ).toBe(1);
    const listed = await client.get<{ items: unknown[] }>("/billing/products/list");
    expect(listed.data.items).toHaveLength(2);
  });
});
