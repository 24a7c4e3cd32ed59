import { HttpResponse, http } from "msw";
import type { SetupServerApi } from "msw/node";
import { expect } from "vitest";
import { ok } from "../catalog/helpers";
import { type Call, record, routes } from "./helpers";
import type { BenefitShop, Grant } from "./setup";

/*
 * End-to-end flows of the provider and file benefit types through the grant engine, shared by the
 * memory test (engine-providers.test.ts) and the five-store test (test/db). The shop must be made
 * with `benefits.github.token = "ghp_merchant"` and `files.directory` set; GitHub and Discord are
 * faked at the HTTP layer with msw on `server`.
 */

/** Links an account of `providerId` to the buyer, as social sign-in would have. */
export async function link(
  app: BenefitShop,
  providerId: string,
  accountId: string,
  accessToken: string | null = null,
) {
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

/** GitHub: a subscription grants a collaborator invitation, a renewal cycles it without a call, revoke removes it. */
export async function githubFlow(app: BenefitShop, server: SetupServerApi) {
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
}

/** Discord: a subscription adds the member with the role, a renewal cycles it without a call, revoke removes the role. */
export async function discordFlow(app: BenefitShop, server: SetupServerApi) {
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

  await link(app, "discord", "80351110224678912", "discord-user-token");
  const role = await app.benefit(
    "discord",
    { guildId: "g1", roleId: "r1", guildToken: "bot-token", kickMember: false },
    "Community role",
  );
  const { subscriptionId } = await app.buy(await app.product([role], { recurring: true }));
  expect((await app.runDue()).benefitGrants).toMatchObject({ granted: 1, failed: 0 });
  expect(routes(calls)).toEqual([
    "GET /api/v10/guilds/g1/members/80351110224678912",
    "PUT /api/v10/guilds/g1/members/80351110224678912",
  ]);
  expect(calls[1]!.auth).toBe("Bot bot-token");
  expect(calls[1]!.body).toMatchObject({ access_token: "discord-user-token", roles: ["r1"] });

  // A renewal cycles the grant: the role stays, Discord is not called.
  calls.length = 0;
  await app.pass(31);
  const renewal = await app.runDue();
  expect(renewal.benefitGrants).toMatchObject({ cycled: 1, failed: 0 });
  expect(calls).toEqual([]);

  await ok(app.shop.post("/billing/subscriptions/revoke", { id: subscriptionId }));
  expect((await app.runDue()).benefitGrants).toMatchObject({ revoked: 1, failed: 0 });
  expect(routes(calls)).toEqual(["DELETE /api/v10/guilds/g1/members/80351110224678912/roles/r1"]);
  expect(await app.myBenefits()).toEqual([]);
}

/**
 * Downloadables: a purchase lists the files with working links, a refund with revokeBenefits takes
 * them away; on a subscription they are kept through a renewal and revoked with it.
 */
export async function downloadablesFlow(app: BenefitShop) {
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

  // The same files on a subscription: granted, kept through a renewal (cycled), revoked with it.
  const { subscriptionId } = await app.buy(await app.product([pack], { recurring: true }));
  await app.runDue();
  const listedAgain = async () =>
    (
      await ok<{ items: { id: string; downloadUrl: string }[] }>(
        app.buyer.get("/customer/downloadables/list"),
      )
    ).items;
  expect((await listedAgain()).map((i) => i.id)).toEqual([file.id]);
  await app.pass(31);
  expect((await app.runDue()).benefitGrants).toMatchObject({ cycled: 1, failed: 0 });
  const [kept] = await listedAgain();
  expect(kept!.id).toBe(file.id);
  expect((await app.auth.handler(new Request(kept!.downloadUrl))).status).toBe(200);
  await ok(app.shop.post("/billing/subscriptions/revoke", { id: subscriptionId }));
  expect((await app.runDue()).benefitGrants).toMatchObject({ revoked: 1, failed: 0 });
  expect(await listedAgain()).toEqual([]);
}
