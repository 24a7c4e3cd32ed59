import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ok } from "../catalog/helpers";
import { type Call, record, routes } from "./helpers";
import { benefitShop, type Grant } from "./setup";

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

type Shop = Awaited<ReturnType<typeof benefitShop>>;

/** Links an account of `providerId` to the buyer, as social sign-in would have. */
async function link(app: Shop, providerId: string, accountId: string, accessToken: string | null = null) {
  const me = await ok<{ user: { id: string } }>(app.buyer.get("/get-session"));
  await app.db.create({
    model: "account",
    data: {
      userId: me.user.id,
      providerId,
      accountId,
      accessToken,
      createdAt: app.time.now(),
      updatedAt: app.time.now(),
    },
  });
}

describe("benefit engine with the GitHub strategy", () => {
  it("a subscription grants a collaborator invitation, renewals cycle without a call, revoke removes it", async () => {
    const calls: Call[] = [];
    const invitations = new Map<number, string>();
    server.use(
      http.get("https://api.github.com/user/:id", async ({ request }) => {
        await record(calls, request);
        return HttpResponse.json({ id: 583231, login: "octocat" });
      }),
      http.get("https://api.github.com/repos/acme/sdk/collaborators/:login", async ({ request }) => {
        await record(calls, request);
        return new HttpResponse(null, { status: 404 });
      }),
      http.put("https://api.github.com/repos/acme/sdk/collaborators/:login", async ({ request, params }) => {
        await record(calls, request);
        invitations.set(77, String(params.login));
        return HttpResponse.json({ id: 77 }, { status: 201 });
      }),
      http.delete("https://api.github.com/repos/acme/sdk/invitations/:id", async ({ request, params }) => {
        await record(calls, request);
        invitations.delete(Number(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
      http.delete("https://api.github.com/repos/acme/sdk/collaborators/:login", async ({ request }) => {
        await record(calls, request);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const app = await benefitShop({ benefits: { github: { token: "ghp_merchant" } } });
    await link(app, "github", "583231");
    const repo = await app.benefit(
      "github_repository",
      { repositoryOwner: "acme", repositoryName: "sdk", permission: "push" },
      "SDK access",
    );
    const productId = await app.product([repo], { recurring: true });
    const { subscriptionId } = await app.buy(productId);
    expect(calls).toEqual([]); // nothing inside the payment

    expect((await app.runDue()).benefitGrants).toMatchObject({ granted: 1, failed: 0 });
    expect(routes(calls)).toEqual([
      "GET /user/583231",
      "GET /repos/acme/sdk/collaborators/octocat",
      "PUT /repos/acme/sdk/collaborators/octocat",
    ]);
    expect(calls[2]!.body).toEqual({ permission: "push" });
    expect(calls[2]!.auth).toBe("Bearer ghp_merchant");
    const [grant] = await app.myBenefits();
    expect(grant).toMatchObject({
      isGranted: true,
      subscriptionId,
      properties: { login: "octocat", repositoryOwner: "acme", repositoryName: "sdk", invitationId: 77 },
    });
    expect(await app.outbox(["benefit_grant.created"])).toHaveLength(1);

    // A renewal cycles the grant: the access stays, GitHub is not called again.
    calls.length = 0;
    await app.pass(31);
    const renewal = await app.runDue();
    expect(renewal.subscriptions.renewed).toBe(1);
    expect(renewal.benefitGrants).toMatchObject({ cycled: 1, failed: 0 });
    expect(calls).toEqual([]);
    expect(await app.outbox(["benefit_grant.cycled"])).toHaveLength(1);

    // Revoked by the merchant: the pending invitation is cancelled and the collaborator removed.
    await ok(app.shop.post("/billing/subscriptions/revoke", { id: subscriptionId }));
    expect((await app.runDue()).benefitGrants).toMatchObject({ revoked: 1, failed: 0 });
    expect(routes(calls)).toEqual([
      "DELETE /repos/acme/sdk/invitations/77",
      "DELETE /repos/acme/sdk/collaborators/octocat",
    ]);
    expect(invitations.size).toBe(0);
    expect(await app.myBenefits()).toEqual([]);
    expect(await app.outbox(["benefit_grant.revoked"])).toHaveLength(1);
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
  it("a purchase adds the member with the role; a refund with revokeBenefits removes the role", async () => {
    const calls: Call[] = [];
    server.use(
      http.get("https://discord.com/api/v10/guilds/:guild/members/:user", async ({ request }) => {
        await record(calls, request);
        return HttpResponse.json({ message: "Unknown Member", code: 10007 }, { status: 404 });
      }),
      http.put("https://discord.com/api/v10/guilds/:guild/members/:user", async ({ request }) => {
        await record(calls, request);
        return HttpResponse.json({ user: { id: "80351110224678912" } }, { status: 201 });
      }),
      http.delete(
        "https://discord.com/api/v10/guilds/:guild/members/:user/roles/:role",
        async ({ request }) => {
          await record(calls, request);
          return new HttpResponse(null, { status: 204 });
        },
      ),
    );
    const app = await benefitShop();
    await link(app, "discord", "80351110224678912", "discord-user-token");
    const role = await app.benefit(
      "discord",
      { guildId: "g1", roleId: "r1", guildToken: "bot-token", kickMember: false },
      "Community role",
    );
    const { order } = await app.buy(await app.product([role]));
    expect((await app.runDue()).benefitGrants).toMatchObject({ granted: 1, failed: 0 });
    expect(routes(calls)).toEqual([
      "GET /api/v10/guilds/g1/members/80351110224678912",
      "PUT /api/v10/guilds/g1/members/80351110224678912",
    ]);
    expect(calls[1]!.auth).toBe("Bot bot-token");
    expect(calls[1]!.body).toMatchObject({ access_token: "discord-user-token", roles: ["r1"] });

    calls.length = 0;
    await ok(
      app.shop.post("/billing/refunds/create", {
        orderId: order.id,
        amount: 2000,
        reason: "customer_request",
        revokeBenefits: true,
      }),
    );
    expect((await app.runDue()).benefitGrants).toMatchObject({ revoked: 1, failed: 0 });
    expect(routes(calls)).toEqual(["DELETE /api/v10/guilds/g1/members/80351110224678912/roles/r1"]);
    expect(await app.myBenefits()).toEqual([]);
  });
});

describe("benefit engine with downloadables", () => {
  it("a purchase lists the files with working links; a refund with revokeBenefits takes them away", async () => {
    const app = await benefitShop({ files: { directory } });
    const body = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) % 256);
    const uploaded = await app.auth.handler(
      new Request(`${app.auth.$context.baseURL}/billing/files/upload?name=guide.pdf`, {
        method: "POST",
        headers: {
          origin: app.auth.$context.origin,
          cookie: app.shop.cookieHeader(),
          "content-type": "application/pdf",
        },
        body,
      }),
    );
    expect(uploaded.status).toBe(200);
    const file = (await uploaded.json()) as { id: string };
    const pack = await app.benefit("downloadables", { files: [file.id] }, "The guide");
    const { order } = await app.buy(await app.product([pack]));
    // Not granted yet: nothing to download.
    expect((await ok<{ items: unknown[] }>(app.buyer.get("/customer/downloadables/list"))).items).toEqual([]);

    await app.runDue();
    const [grant] = (await app.myBenefits()) as Grant[];
    expect(grant!.properties).toEqual({
      files: [{ fileId: file.id, name: "guide.pdf", size: 3000, mimeType: "application/pdf" }],
    });
    const listed = await ok<{ items: { id: string; downloadUrl: string }[] }>(
      app.buyer.get("/customer/downloadables/list"),
    );
    expect(listed.items.map((i) => i.id)).toEqual([file.id]);
    const url = listed.items[0]!.downloadUrl;
    const downloaded = await app.auth.handler(new Request(url));
    expect(downloaded.status).toBe(200);
    expect(new Uint8Array(await downloaded.arrayBuffer())).toEqual(body);

    await ok(
      app.shop.post("/billing/refunds/create", {
        orderId: order.id,
        amount: 2000,
        reason: "customer_request",
        revokeBenefits: true,
      }),
    );
    await app.runDue();
    expect((await ok<{ items: unknown[] }>(app.buyer.get("/customer/downloadables/list"))).items).toEqual([]);
    expect((await app.auth.handler(new Request(url))).status).toBe(403);
  });
});
