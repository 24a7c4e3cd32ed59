import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../src/db/migrate";
import { admin } from "../../src/plugins/admin";
import { billing } from "../../src/plugins/billing";
import { createTestAuth } from "../../src/testing";
import { benefitShop } from "../billing/benefits/setup";
import { meteredFlow } from "../billing/usage/metered-flow";
import { type OpenStore, randomPrefix, sqlStores } from "./stores";

/**
 * Metered prices billed at the cycle end on every store (memory, SQLite, PGlite, PostgreSQL,
 * MySQL/MariaDB): 100,000 events ingested through the service, five meters (count, sum, max, min,
 * avg) whose filters use every operator, two renewals driven by the clock; the cycle orders' lines
 * equal amounts computed from the generated events to the exact minor unit, with the cap hit,
 * credits used first, expiring credits expired and rolling credits carried over.
 */
const stores = [{ name: "memory", available: true, open: null }, ...(await sqlStores())] as const;

for (const store of stores) {
  describe.skipIf(!store.available)(`metered billing on ${store.name}`, () => {
    let opened: OpenStore | null = null;
    let app: Awaited<ReturnType<typeof benefitShop>>;

    beforeAll(async () => {
      opened = store.open ? store.open({ tablePrefix: randomPrefix("gm") }) : null;
      if (opened) {
        const { auth } = createTestAuth({ database: opened.database, plugins: [admin(), billing()] });
        await migrate(auth);
      }
      app = await benefitShop({}, opened?.database);
    }, 120_000);

    afterAll(async () => {
      await opened?.cleanup(app.auth.$context.schema);
    });

    it("100,000 events billed to the minor unit at two renewals, credits and rollover", async () => {
      const timing = await meteredFlow(app);
      console.info(`metered flow on ${store.name}: ${JSON.stringify(timing)}`);
      expect(timing.ingestMs).toBeGreaterThan(0);
    }, 180_000);
  });
}
