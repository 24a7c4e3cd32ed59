import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callback, type ErrorBody, github, githubHandlers, socialAuth, start, useServer } from "./helpers";

const server = setupServer();
useServer(server, { beforeAll, afterEach, afterAll });

type AccountItem = { id: string; provider: string; providerId: string; accountId: string; scopes: string[] };

describe("/unlink-account and /list-accounts", () => {
  async function linked(options: Parameters<typeof socialAuth>[0] = {}) {
    server.use(...githubHandlers({}));
    const t = socialAuth({ socialProviders: { github }, ...options });
    const b = t.browser();
    const s = await start(b, { provider: "github", callbackURL: "/" });
    await callback(b, "github", { code: "good-code", state: s.state });
    return { ...t, b };
  }

  it("list-accounts: id, provider and providerId, accountId, dates, scopes as an array; no tokens", async () => {
    const { b } = await linked();
    const res = await b.get<Record<string, unknown>[]>("/list-accounts");
    expect(res.status).toBe(200);
    expect(res.data).toHaveLength(1);
    expect(res.data[0]).toMatchObject({
      id: expect.any(String),
      provider: "github",
      providerId: "github",
      accountId: "1001",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      scopes: ["read:user", "user:email"],
    });
    expect(res.data[0]).not.toHaveProperty("accessToken");
    expect(res.data[0]).not.toHaveProperty("refreshToken");
  });

  it("refuses to unlink the last account unless allowUnlinkingAll", async () => {
    const { b } = await linked();
    const res = await b.post<ErrorBody>("/unlink-account", { providerId: "github" });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      message: "You can't unlink your last account",
      code: "YOU_CAN_T_UNLINK_YOUR_LAST_ACCOUNT",
    });
    const allowed = await linked({ account: { accountLinking: { allowUnlinkingAll: true } } });
    expect(
      (await allowed.b.post("/unlink-account", { providerId: "github", accountId: "1001" })).data,
    ).toEqual({ status: true });
    expect((await allowed.b.get<AccountItem[]>("/list-accounts")).data).toEqual([]);
  });

  it("unlinks one of several accounts; unknown account 400 Account not found", async () => {
    server.use(...githubHandlers({}));
    const { signUp } = socialAuth({ socialProviders: { github } });
    const alice = await signUp({ email: "octo@example.com" });
    const s = await start(alice.browser, { provider: "github", callbackURL: "/" }, "/link-social");
    await callback(alice.browser, "github", { code: "good-code", state: s.state });
    const missing = await alice.browser.post<ErrorBody>("/unlink-account", {
      providerId: "github",
      accountId: "999",
    });
    expect(missing.status).toBe(400);
    expect(missing.data.message).toBe("Account not found");
    expect((await alice.browser.post("/unlink-account", { providerId: "github" })).data).toEqual({
      status: true,
    });
    expect((await alice.browser.get<AccountItem[]>("/list-accounts")).data.map((a) => a.provider)).toEqual([
      "credential",
    ]);
  });

  it("needs a fresh session", async () => {
    const { b, clock } = await linked({
      session: { freshAge: 60 },
      account: { accountLinking: { allowUnlinkingAll: true } },
    });
    clock.advance(120_000);
    const res = await b.post<ErrorBody>("/unlink-account", { providerId: "github" });
    expect(res.status).toBe(403);
    expect(res.data.message).toBe("Session is not fresh");
  });
});
