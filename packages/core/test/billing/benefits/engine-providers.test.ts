import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ok } from "../catalog/helpers";
import { type Call, record, routes } from "./helpers";
import { discordFlow, downloadablesFlow, githubFlow } from "./provider-flows";
import { benefitShop } from "./setup";

/*
 * The grant engine driving the provider and file strategies end to end: purchases through the
 * real checkout, grants, cycles and revokes carried out by `runDue()`, GitHub and Discord faked
 * at the HTTP layer with msw, files on the local filesystem.
 */

const server = setupServer();
let directory: string;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: "bypass" });
  directory = await mkdtemp(join(tmpdir(), "gatehouse-engine-files-"));
});
afterEach(() => server.resetHandlers());
afterAll(async () => {
  server.close();
  await rm(directory, { recursive: true, force: true });
});

describe("benefit engine with the GitHub strategy", () => {
  it("a subscription grants a collaborator invitation, renewals cycle without a call, revoke removes it", async () => {
    const app = await benefitShop({ benefits: { github: { token: "ghp_merchant" } } });
    await githubFlow(app, server);
  });

  it("without a linked account the grant waits with a stored error; linking the account grants it", async () => {
    const calls: Call[] = [];
    server.use(
      http.get("https://api.github.com/user/:id", async ({ request }) => {
        await record(calls, request);
        return HttpResponse.json({ id: 9, login: "hubot" });
      }),
      http.get("https://api.github.com/repos/acme/sdk/collaborators/:login", async ({ request }) => {
        await record(calls, request);
        return new HttpResponse(null, { status: 404 });
      }),
      http.put("https://api.github.com/repos/acme/sdk/collaborators/:login", async ({ request }) => {
        await record(calls, request);
        return HttpResponse.json({ id: 5 }, { status: 201 });
      }),
    );
    const app = await benefitShop({ benefits: { github: { token: "ghp_merchant" } } });
    const repo = await app.benefit(
      "github_repository",
      { repositoryOwner: "acme", repositoryName: "sdk", permission: "pull" },
      "SDK access",
    );
    await app.buy(await app.product([repo]));
    expect((await app.runDue()).benefitGrants).toMatchObject({ granted: 0, failed: 1 });
    const [row] = await app.grantRows();
    expect(row).toMatchObject({ isGranted: false, status: "granted" });
    expect(row!.error).toMatchObject({ type: "no_linked_account" });
    // Nothing retries it on its own: it waits for the buyer.
    app.time.advance(60_000);
    expect((await app.runDue()).benefitGrants).toMatchObject({ granted: 0, failed: 0 });
    expect(calls).toEqual([]);

    // The buyer links GitHub (as social sign-in does: the account insert and its event).
    const me = await ok<{ user: { id: string } }>(app.buyer.get("/get-session"));
    const users = app.auth.$context.core.users;
    const account = await users.createAccount({
      userId: me.user.id,
      providerId: "github",
      accountId: "9",
      createdAt: app.time.now(),
      updatedAt: app.time.now(),
    });
    await users.afterCreateAccount(account);
    expect((await app.runDue()).benefitGrants).toMatchObject({ granted: 1, failed: 0 });
    expect(routes(calls)).toEqual([
      "GET /user/9",
      "GET /repos/acme/sdk/collaborators/hubot",
      "PUT /repos/acme/sdk/collaborators/hubot",
    ]);
    const [granted] = await app.grantRows();
    expect(granted).toMatchObject({ isGranted: true, error: null });
  });
});

describe("benefit engine with the Discord strategy", () => {
  it("a subscription adds the member with the role, a renewal cycles it without a call, revoke removes the role", async () => {
    const app = await benefitShop();
    await discordFlow(app, server);
  });
});

describe("benefit engine with downloadables", () => {
  it("a purchase lists the files with working links; a refund with revokeBenefits takes them away", async () => {
    const app = await benefitShop({ files: { directory } });
    await downloadablesFlow(app);
  });
});
