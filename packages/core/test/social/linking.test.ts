import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  callback,
  createSigningKey,
  type ErrorBody,
  github,
  githubHandlers,
  socialAuth,
  start,
  useServer,
} from "./helpers";

const server = setupServer();
useServer(server, { beforeAll, afterEach, afterAll });

type AccountItem = {
  id: string;
  provider: string;
  providerId: string;
  accountId: string;
  scopes: string[];
  createdAt: string;
  updatedAt: string;
};

describe("implicit linking on social sign-in", () => {
  it("links to the existing user when the provider verified the email", async () => {
    server.use(...githubHandlers({ verified: true }));
    const { browser, signUp } = socialAuth({ socialProviders: { github } });
    const { user } = await signUp({ email: "octo@example.com" });
    const b = browser();
    const s = await start(b, { provider: "github", callbackURL: "/", newUserCallbackURL: "/welcome" });
    expect((await callback(b, "github", { code: "good-code", state: s.state })).location).toBe("/");
    const session = await b.get<{ user: { id: string; emailVerified: boolean } }>("/get-session");
    expect(session.data.user.id).toBe(user.id);
    expect(session.data.user.emailVerified).toBe(true);
    const accounts = await b.get<AccountItem[]>("/list-accounts");
    expect(accounts.data.map((a) => a.provider).sort()).toEqual(["credential", "github"]);
  });

  it("links for a trusted provider even without a verified email", async () => {
    server.use(...githubHandlers({ verified: false }));
    const { browser, signUp } = socialAuth({
      socialProviders: { github },
      account: { accountLinking: { trustedProviders: ["github"] } },
    });
    const { user } = await signUp({ email: "octo@example.com" });
    const b = browser();
    const s = await start(b, { provider: "github", callbackURL: "/" });
    expect((await callback(b, "github", { code: "good-code", state: s.state })).location).toBe("/");
    expect((await b.get<{ user: { id: string } }>("/get-session")).data.user.id).toBe(user.id);
  });

  it("never links when linking is disabled", async () => {
    server.use(...githubHandlers({ verified: true }));
    const { browser, signUp } = socialAuth({
      socialProviders: { github },
      account: { accountLinking: { enabled: false, trustedProviders: ["github"] } },
    });
    await signUp({ email: "octo@example.com" });
    const b = browser();
    const s = await start(b, { provider: "github", callbackURL: "/", errorCallbackURL: "/oops" });
    expect((await callback(b, "github", { code: "good-code", state: s.state })).location).toBe(
      "/oops?error=account_not_linked",
    );
  });
});

describe("/link-social redirect flow", () => {
  it("links the provider account to the signed-in user and returns to the callback URL", async () => {
    server.use(...githubHandlers({ email: "Octo@Example.com" }));
    const { signUp } = socialAuth({ socialProviders: { github } });
    const alice = await signUp({ email: "octo@example.com" });
    const { res, state } = await start(
      alice.browser,
      { provider: "github", callbackURL: "/settings" },
      "/link-social",
    );
    expect(res.data.redirect).toBe(true);
    const { location } = await callback(alice.browser, "github", { code: "good-code", state });
    expect(location).toBe("/settings");
    const accounts = await alice.browser.get<AccountItem[]>("/list-accounts");
    expect(accounts.data.find((a) => a.provider === "github")).toMatchObject({ accountId: "1001" });
  });

  it("different emails: refused unless allowDifferentEmails", async () => {
    server.use(...githubHandlers({ email: "octo@github.example" }));
    const refused = socialAuth({ socialProviders: { github } });
    const alice = await refused.signUp({ email: "alice@example.com" });
    const s = await start(
      alice.browser,
      { provider: "github", callbackURL: "/s", errorCallbackURL: "/oops" },
      "/link-social",
    );
    const { location } = await callback(alice.browser, "github", { code: "good-code", state: s.state });
    expect(location).toBe("/oops?error=account_not_linked");

    const allowed = socialAuth({
      socialProviders: { github },
      account: { accountLinking: { allowDifferentEmails: true } },
    });
    const bob = await allowed.signUp({ email: "bob@example.com" });
    const s2 = await start(bob.browser, { provider: "github", callbackURL: "/s" }, "/link-social");
    expect((await callback(bob.browser, "github", { code: "good-code", state: s2.state })).location).toBe(
      "/s",
    );
    const accounts = await bob.browser.get<AccountItem[]>("/list-accounts");
    expect(accounts.data).toHaveLength(2);
  });

  it("updateUserInfoOnLink copies name and image from the provider", async () => {
    server.use(...githubHandlers({ name: "Octo Cat" }));
    const { signUp } = socialAuth({
      socialProviders: { github },
      account: { accountLinking: { updateUserInfoOnLink: true } },
    });
    const alice = await signUp({ email: "octo@example.com", name: "Alice" });
    const s = await start(alice.browser, { provider: "github", callbackURL: "/s" }, "/link-social");
    await callback(alice.browser, "github", { code: "good-code", state: s.state });
    const session = await alice.browser.get<{ user: { name: string; image: string } }>(
      "/get-session?disableCookieCache=true",
    );
    expect(session.data.user).toMatchObject({
      name: "Octo Cat",
      image: "https://avatars.example.com/octocat.png",
    });
  });

  it("needs a session; unknown provider 404", async () => {
    const { browser, signUp } = socialAuth({ socialProviders: { github } });
    expect((await browser().post("/link-social", { provider: "github", callbackURL: "/" })).status).toBe(401);
    const alice = await signUp();
    const res = await alice.browser.post<ErrorBody>("/link-social", { provider: "nope", callbackURL: "/" });
    expect(res.status).toBe(404);
    expect(res.data.message).toBe("Provider not found");
  });
});

describe("/link-social with an id token", () => {
  const GOOGLE = { clientId: "g-client", clientSecret: "g-secret" };
  const ISS = "https://accounts.google.com";

  async function setup(options: Parameters<typeof socialAuth>[0] = {}) {
    const key = await createSigningKey();
    server.use(http.get("https://www.googleapis.com/oauth2/v3/certs", () => HttpResponse.json(key.jwks)));
    const t = socialAuth({ socialProviders: { google: GOOGLE }, ...options });
    const token = (claims: Record<string, unknown>) =>
      key.sign(claims, { issuer: ISS, audience: GOOGLE.clientId });
    return { ...t, token };
  }

  it("links at once: {url: '', status: true, redirect: false}", async () => {
    const { signUp, token } = await setup();
    const alice = await signUp({ email: "alice@example.com" });
    const res = await alice.browser.post("/link-social", {
      provider: "google",
      idToken: { token: await token({ sub: "g-alice", email: "alice@example.com", email_verified: true }) },
    });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ url: "", status: true, redirect: false });
    const accounts = await alice.browser.get<AccountItem[]>("/list-accounts");
    expect(accounts.data.map((a) => a.providerId).sort()).toEqual(["credential", "google"]);
  });

  it("refusals: linking not allowed, different emails, already another user's", async () => {
    const { signUp, token } = await setup();
    const alice = await signUp({ email: "alice@example.com" });
    const unverified = await alice.browser.post<ErrorBody>("/link-social", {
      provider: "google",
      idToken: { token: await token({ sub: "g-1", email: "alice@example.com", email_verified: false }) },
    });
    // Signed in, refused by a rule: 403 (spec section 8; better-auth answers 401).
    expect(unverified.status).toBe(403);
    expect(unverified.data).toMatchObject({
      message: "Account not linked - linking not allowed",
      code: "ACCOUNT_NOT_LINKED_LINKING_NOT_ALLOWED",
    });
    const different = await alice.browser.post<ErrorBody>("/link-social", {
      provider: "google",
      idToken: { token: await token({ sub: "g-2", email: "other@example.com", email_verified: true }) },
    });
    expect(different.status).toBe(403);
    expect(different.data.message).toBe("Account not linked - different emails not allowed");

    const bob = await signUp({ email: "bob@example.com" });
    const bobToken = await token({ sub: "g-bob", email: "bob@example.com", email_verified: true });
    expect(
      (await bob.browser.post("/link-social", { provider: "google", idToken: { token: bobToken } })).status,
    ).toBe(200);
    const taken = await alice.browser.post<ErrorBody>("/link-social", {
      provider: "google",
      idToken: { token: bobToken },
    });
    expect(taken.status).toBe(409);
    expect(taken.data.message).toBe("Social account already linked");
  });

  it("a provider without id-token support: 404 id_token not supported", async () => {
    const { signUp } = await setup({ socialProviders: { github } });
    const alice = await signUp();
    const res = await alice.browser.post<ErrorBody>("/link-social", {
      provider: "github",
      idToken: { token: "t" },
    });
    expect(res.status).toBe(404);
    expect(res.data).toMatchObject({ message: "id_token not supported", code: "ID_TOKEN_NOT_SUPPORTED" });
  });
});
