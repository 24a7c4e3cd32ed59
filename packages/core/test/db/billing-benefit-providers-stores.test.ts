import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, it } from "vitest";
import { migrate } from "../../src/db/migrate";
import { admin } from "../../src/plugins/admin";
import { billing } from "../../src/plugins/billing";
import { createTestAuth } from "../../src/testing";
import { discordFlow, downloadablesFlow, githubFlow } from "../billing/benefits/provider-flows";
import { benefitShop } from "../billing/benefits/setup";
import { type OpenStore, randomPrefix, sqlStores } from "./stores";

/**
 * The GitHub, Discord and downloadables benefit types granted, cycled and revoked end to end
 * (checkout, `runDue()`, refunds, merchant revoke) on every store: memory, SQLite, PGlite,
 * PostgreSQL and MariaDB. GitHub and Discord are faked at the HTTP layer with msw.
 */
const stores = [{ name: "memory", available: true, open: null }, ...(await sqlStores())] as const;
const server = setupServer();
let directory: string;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: "bypass" });
  directory = await mkdtemp(join(tmpdir(), "gatehouse-provider-files-"));
});
afterEach(() => server.resetHandlers());
afterAll(async () => {
  server.close();
  await rm(directory, { recursive: true, force: true });
});

for (const store of stores) {
  describe.skipIf(!store.available)(`provider and file benefits on ${store.name}`, () => {
    let opened: OpenStore | null = null;
    let app: Awaited<ReturnType<typeof benefitShop>>;

    beforeAll(async () => {
      opened = store.open ? store.open({ tablePrefix: randomPrefix("gp") }) : null;
      if (opened) {
        const { auth } = createTestAuth({ database: opened.database, plugins: [admin(), billing()] });
        await migrate(auth);
      }
      app = await benefitShop(
        {
          benefits: { github: { token: "ghp_merchant" } },
          files: { directory: join(directory, store.name) },
        },
        opened?.database,
      );
    }, 120_000);

    afterAll(async () => {
      await opened?.cleanup(app.auth.$context.schema);
    });

    it("github_repository: granted on a subscription, cycled at renewal, revoked", async () => {
      await githubFlow(app, server);
    });
    it("discord: granted on a subscription, cycled at renewal, revoked", async () => {
      await discordFlow(app, server);
    });
    it("downloadables: granted, refunded with revokeBenefits; on a subscription cycled and revoked", async () => {
      await downloadablesFlow(app);
    });
  });
}
