import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  callback,
  type ErrorBody,
  GITHUB_TOKEN,
  github,
  githubHandlers,
  recorder,
  socialAuth,
  start,
  useServer,
} from "./helpers";

const server = setupServer();
useServer(server, { beforeAll, afterEach, afterAll });

type AccessTokenBody = {
  accessToken: string;
  accessTokenExpiresAt: string;
  scopes: string[];
  idToken?: string;
};

/** Signs in with GitHub (token valid for an hour, with a refresh token) and returns the browser. */
async function signedIn(options: Parameters<typeof socialAuth>[0] = {}, refreshed?: Record<string, unknown>) {
  const rec = recorder();
  server.use(
    ...githubHandlers({
      accessToken: "gho_first",
      refreshToken: "ghr_first",
      expiresIn: 3600,
      rec,
      refreshed: refreshed ?? {
        access_token: "gho_second",
        refresh_token: "ghr_second",
        expires_in: 3600,
        refresh_token_expires_in: 86400,
        token_type: "bearer",
      },
    }),
  );
  const t = socialAuth({ socialProviders: { github }, ...options });
  const b = t.browser();
  const s = await start(b, { provider: "github", callbackURL: "/" });
  await callback(b, "github", { code: "good-code", state: s.state });
  const signInAt = t.clock.ms;
  return { ...t, b, rec, signInAt };
}

const refreshRequests = (rec: ReturnType<typeof recorder>) =>
  rec.requests.filter((r) => r.form.get("grant_type") === "refresh_token");

describe("/get-access-token", () => {
  it("returns the stored token while more than 5 seconds remain", async () => {
    const { b, rec, clock, signInAt } = await signedIn();
    clock.set(signInAt + 3600_000 - 6_000);
    const res = await b.post<AccessTokenBody>("/get-access-token", { providerId: "github" });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ accessToken: "gho_first", scopes: ["read:user", "user:email"] });
    expect(new Date(res.data.accessTokenExpiresAt).getTime()).toBe(signInAt + 3600_000);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(refreshRequests(rec)).toHaveLength(0);
  });

  it("refreshes with the refresh token when fewer than 5 seconds remain, and stores the new tokens", async () => {
    const { b, rec, clock, signInAt, auth } = await signedIn();
    clock.set(signInAt + 3600_000 - 4_000);
    const res = await b.post<AccessTokenBody>("/get-access-token", { providerId: "github" });
    expect(res.status).toBe(200);
    expect(res.data.accessToken).toBe("gho_second");
    expect(new Date(res.data.accessTokenExpiresAt).getTime()).toBe(clock.ms + 3600_000);
    const [refresh] = refreshRequests(rec);
    expect(refresh?.form.get("refresh_token")).toBe("ghr_first");
    expect(refresh?.form.get("client_id")).toBe("gh-client");
    const account = await auth.$context.core.users.findAccount("github", "1001");
    expect(account).toMatchObject({ accessToken: "gho_second", refreshToken: "ghr_second" });
    // The new token is used until it nears its own expiry.
    const again = await b.post<AccessTokenBody>("/get-access-token", {
      providerId: "github",
      accountId: "1001",
    });
    expect(again.data.accessToken).toBe("gho_second");
    expect(refreshRequests(rec)).toHaveLength(1);
  });

  it("400 Failed to get a valid access token when the refresh fails", async () => {
    const { b, clock, signInAt } = await signedIn({}, undefined);
    server.use(
      http.post(GITHUB_TOKEN, () => HttpResponse.json({ error: "bad_refresh_token" }, { status: 400 })),
    );
    clock.set(signInAt + 3600_000);
    const res = await b.post<ErrorBody>("/get-access-token", { providerId: "github" });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      message: "Failed to get a valid access token",
      code: "FAILED_TO_GET_A_VALID_ACCESS_TOKEN",
    });
  });

  it("errors: no session 401; unknown provider 400 Provider not supported; no account 400 Account not found", async () => {
    const { b, browser } = await signedIn({
      socialProviders: { github, discord: { clientId: "d", clientSecret: "s" } },
    });
    expect((await browser().post("/get-access-token", { providerId: "github" })).status).toBe(401);
    const unknown = await b.post<ErrorBody>("/get-access-token", { providerId: "nope" });
    expect(unknown.status).toBe(400);
    expect(unknown.data.message).toBe("Provider not supported");
    const none = await b.post<ErrorBody>("/get-access-token", { providerId: "discord" });
    expect(none.status).toBe(400);
    expect(none.data.message).toBe("Account not found");
    const otherId = await b.post<ErrorBody>("/get-access-token", { providerId: "github", accountId: "9" });
    expect(otherId.data.message).toBe("Account not found");
  });

  it("server calls: userId names the user; without session or userId 400 Either userId or session is required", async () => {
    const { auth, b } = await signedIn();
    const userId = (await b.get<{ user: { id: string } }>("/get-session")).data.user.id;
    const tokens = await auth.api.getAccessToken({ body: { providerId: "github", userId } });
    expect(tokens.accessToken).toBe("gho_first");
    await expect(auth.api.getAccessToken({ body: { providerId: "github" } })).rejects.toMatchObject({
      body: { message: "Either userId or session is required" },
    });
    const viaHeaders = await auth.api.getAccessToken({
      body: { providerId: "github" },
      headers: b.headers(),
    });
    expect(viaHeaders.accessToken).toBe("gho_first");
  });

  it("over HTTP a userId in the body is ignored: the session decides", async () => {
    const alice = await signedIn();
    const bob = await alice.signUp();
    const aliceId = (await alice.b.get<{ user: { id: string } }>("/get-session")).data.user.id;
    const res = await bob.browser.post<ErrorBody>("/get-access-token", {
      providerId: "github",
      userId: aliceId,
    });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe("Account not found");
  });
});

describe("/refresh-token", () => {
  it("refreshes now and answers the new tokens", async () => {
    const { b, rec } = await signedIn();
    const res = await b.post<Record<string, unknown>>("/refresh-token", { providerId: "github" });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      accessToken: "gho_second",
      refreshToken: "ghr_second",
      accessTokenExpiresAt: expect.any(String),
      refreshTokenExpiresAt: expect.any(String),
      scopes: ["read:user", "user:email"],
      providerId: "github",
      accountId: "1001",
    });
    expect(refreshRequests(rec)).toHaveLength(1);
  });

  it("400 Failed to refresh access token when the provider refuses", async () => {
    const { b } = await signedIn();
    server.use(http.post(GITHUB_TOKEN, () => HttpResponse.json({ error: "invalid_grant" }, { status: 400 })));
    const res = await b.post<ErrorBody>("/refresh-token", { providerId: "github" });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      message: "Failed to refresh access token",
      code: "FAILED_TO_REFRESH_ACCESS_TOKEN",
    });
  });
});

describe("/account-info", () => {
  it("POST {accountId} and GET ?accountId answer the provider's profile as {user, data}", async () => {
    const { b } = await signedIn();
    const accounts = await b.get<{ id: string; accountId: string }[]>("/list-accounts");
    const accountId = accounts.data[0]!.accountId;
    const post = await b.post<{ user: Record<string, unknown>; data: Record<string, unknown> }>(
      "/account-info",
      { accountId },
    );
    expect(post.status).toBe(200);
    expect(post.data.user).toMatchObject({
      id: "1001",
      email: "octo@example.com",
      name: "The Octocat",
      emailVerified: true,
    });
    expect(post.data.data).toMatchObject({ login: "octocat", id: 1001 });
    const get = await b.get<{ user: { id: string } }>("/account-info", {
      query: { accountId: accounts.data[0]!.id },
    });
    expect(get.status).toBe(200);
    expect(get.data.user.id).toBe("1001");
  });

  it("400 Account not found for another user's account; 401 without a session", async () => {
    const { browser, signUp } = await signedIn();
    expect((await browser().post("/account-info", { accountId: "1001" })).status).toBe(401);
    const bob = await signUp();
    const res = await bob.browser.post<ErrorBody>("/account-info", { accountId: "1001" });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe("Account not found");
  });
});

describe("tokens at rest", () => {
  it("encryptOAuthTokens stores ciphertext; the API still hands out the plain tokens", async () => {
    const { auth, b, clock, signInAt } = await signedIn({ account: { encryptOAuthTokens: true } });
    const row = await auth.$context.adapter.findOne<{ accessToken: string; refreshToken: string }>({
      model: "account",
      where: [{ field: "providerId", value: "github" }],
    });
    expect(row?.accessToken).toBeTruthy();
    expect(row?.accessToken).not.toBe("gho_first");
    expect(row?.accessToken).not.toContain("gho_first");
    expect(row?.refreshToken).not.toBe("ghr_first");
    const res = await b.post<AccessTokenBody>("/get-access-token", { providerId: "github" });
    expect(res.data.accessToken).toBe("gho_first");

    clock.set(signInAt + 3600_000);
    const refreshed = await b.post<AccessTokenBody>("/get-access-token", { providerId: "github" });
    expect(refreshed.data.accessToken).toBe("gho_second");
    const after = await auth.$context.adapter.findOne<{ accessToken: string }>({
      model: "account",
      where: [{ field: "providerId", value: "github" }],
    });
    expect(after?.accessToken).not.toBe("gho_second");
  });

  it("without encryption the tokens are stored as given", async () => {
    const { auth } = await signedIn();
    const row = await auth.$context.adapter.findOne<{ accessToken: string }>({
      model: "account",
      where: [{ field: "providerId", value: "github" }],
    });
    expect(row?.accessToken).toBe("gho_first");
  });
});
