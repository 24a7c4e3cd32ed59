import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseAdapter } from "../../src/db/adapter";
import { migrate } from "../../src/db/migrate";
import { billing, memoryFileStorage } from "../../src/plugins/billing";
import { downloadablesStrategy } from "../../src/plugins/billing/benefit-grants/strategies/downloadables";
import type { GrantProperties } from "../../src/plugins/billing/benefit-grants/strategy";
import type { BenefitRow, CustomerRow } from "../../src/plugins/billing/rows";
import type { BillingServices } from "../../src/plugins/billing/services";
import { createTestAuth } from "../../src/testing";
import { type OpenStore, randomPrefix, sqlStores } from "./stores";

/**
 * Files and downloadables on every store: the `billingFile` table (64-bit size, soft delete),
 * ownership checks of downloadables benefits, grant properties, and a signed download served by
 * the handler. The grant engine is stood in for by a map read through `downloads.readGrantsWith`.
 */
const stores = [{ name: "memory", available: true, open: null }, ...(await sqlStores())] as const;

const makeApp = (database?: DatabaseAdapter) =>
  createTestAuth({
    ...(database ? { database } : {}),
    plugins: [billing({ files: { storage: memoryFileStorage() } })],
  });

for (const store of stores) {
  describe.skipIf(!store.available)(`files and downloadables on ${store.name}`, () => {
    let opened: OpenStore | null = null;
    let app: ReturnType<typeof makeApp>;
    let services: BillingServices;

    beforeAll(async () => {
      opened = store.open ? store.open({ tablePrefix: randomPrefix("gf") }) : null;
      app = makeApp(opened?.database);
      if (opened) await migrate(app.auth);
      services = (app.auth as unknown as { billing: BillingServices }).billing;
    }, 120_000);

    afterAll(async () => {
      await opened?.cleanup(app.auth.$context.schema);
    });

    it("uploads, offers, grants, downloads and deletes files", async () => {
      const body = Uint8Array.from({ length: 5000 }, (_, i) => i % 251);
      const a = await services.files.upload({
        name: "a.bin",
        mimeType: "application/octet-stream",
        bytes: body,
      });
      const b = await services.files.upload({
        name: "b.txt",
        mimeType: "text/plain",
        bytes: new TextEncoder().encode("hi"),
      });
      expect([a.size, b.size]).toEqual([5000, 2]);
      expect((await services.files.list()).items.map((f) => f.id).sort()).toEqual([a.id, b.id].sort());

      const benefit = await services.benefits.create({
        type: "downloadables",
        description: "Files",
        properties: { files: [a.id, b.id], archived: { [b.id]: true } },
      });
      const benefitRow = (await app.auth.$context.adapter.findOne<BenefitRow>({
        model: "billingBenefit",
        where: [{ field: "id", value: benefit.id }],
      }))!;
      const merchant = await services.merchants.defaultMerchant();
      const customer: CustomerRow = await services.ctx.write((tx, emit) =>
        services.customers.forUser(tx, emit, merchant, { id: "user-1", email: "buyer@example.com" }),
      );
      const properties = await downloadablesStrategy.grant({
        ctx: services.ctx,
        benefit: benefitRow,
        customer,
        grantProperties: {},
        linkedAccount: async () => null,
      });
      expect(properties).toEqual({
        files: [{ fileId: a.id, name: "a.bin", size: 5000, mimeType: "application/octet-stream" }],
      });
      let grants: { benefitId: string; properties: GrantProperties }[] = [
        { benefitId: benefit.id, properties },
      ];
      services.downloads.readGrantsWith(async (id) => (id === customer.id ? grants : []));

      const [item] = await services.downloads.listFor([customer]);
      expect(item).toMatchObject({ id: a.id, benefitId: benefit.id, size: 5000 });
      const res = await app.auth.handler(new Request(item!.downloadUrl));
      expect(res.status).toBe(200);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(body);

      await services.files.delete({ id: a.id });
      expect((await services.files.list()).items.map((f) => f.id)).toEqual([b.id]);
      expect(await services.downloads.listFor([customer])).toEqual([]);
      expect((await app.auth.handler(new Request(item!.downloadUrl))).status).toBe(404);
      grants = [];
      expect((await app.auth.handler(new Request(item!.downloadUrl))).status).toBe(404);

      await expect(
        services.benefits.create({
          type: "downloadables",
          description: "Gone",
          properties: { files: [a.id] },
        }),
      ).rejects.toMatchObject({ body: { message: "File not found." } });
    });
  });
}
