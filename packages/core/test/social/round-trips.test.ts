import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { pkceChallenge } from "../../src/auth/social/oauth2";
import {
  callback,
  github,
  githubHandlers,
  recorder,
  socialAuth,
  start,
  tokenEndpoint,
  useServer,
} from "./helpers";

const server = setupServer();
useServer(server, { beforeAll, afterEach, afterAll });

const BASE = "http://localhost:3000/api/auth";

type SessionBody = {
  user: { id: string; email: string; name: string; emailVerified: boolean; image: string | null };
};

describe("authorization-code round trips", () => {
  it("github: authorize URL, code exchange with the PKCE verifier, user + account + session", async () => {
    const rec = recorder();
    server.use(...githubHandlers({ rec }));
    const { browser, auth } = socialAuth({ socialProviders: { github } });
    const b = browser();
    const { res, url, state } = await start(b, { provider: "github", callbackURL: "/dashboard" });

    expect(res.data.redirect).toBe(true);
    expect(url.origin + url.pathname).toBe("https://github.com/login/oauth/authorize");
    expect(url.searchParams.get("client_id")).toBe("gh-client");
    expect(url.searchParams.get("redirect_uri")).toBe(`${BASE}/callback/github`);
    expect(url.searchParams.get("scope")).toBe("read:user user:email");
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(state).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(res.setCookies.has("gatehouse.state")).toBe(true);

    const { res: cb, location } = await callback(b, "github", { code: "good-code", state });
    expect(cb.status).toBe(302);
    expect(location).toBe("/dashboard");
    expect(cb.setCookies.has("gatehouse.session_token")).toBe(true);

    const sent = rec.last()!.form;
    expect(sent.get("client_id")).toBe("gh-client");
    expect(sent.get("client_secret")).toBe("gh-secret");
    expect(sent.get("redirect_uri")).toBe(`${BASE}/callback/github`);
    const verifier = sent.get("code_verifier") ?? "";
    expect(verifier).toMatch(/^[A-Za-z0-9]{128}$/);
    expect(await pkceChallenge(verifier)).toBe(url.searchParams.get("code_challenge"));

    const session = await b.get<SessionBody>("/get-session");
    expect(session.data.user).toMatchObject({
      email: "octo@example.com",
      name: "The Octocat",
      emailVerified: true,
      image: "https://avatars.example.com/octocat.png",
    });
    const accounts = await auth.$context.core.users.listAccounts(session.data.user.id);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      providerId: "github",
      accountId: "1001",
      scope: "read:user,user:email",
    });
  });

  it("github: a second sign-in finds the same user and updates the stored tokens", async () => {
    server.use(...githubHandlers({ accessToken: "first" }));
    const { browser, auth } = socialAuth({ socialProviders: { github } });
    const a = browser();
    const first = await start(a, { provider: "github", callbackURL: "/" });
    await callback(a, "github", { code: "good-code", state: first.state });

    server.use(...githubHandlers({ accessToken: "second" }));
    const b = browser();
    const second = await start(b, {
      provider: "github",
      callbackURL: "/home",
      newUserCallbackURL: "/welcome",
    });
    const { location } = await callback(b, "github", { code: "good-code", state: second.state });
    expect(location).toBe("/home");
    const users = await auth.$context.adapter.findMany<{ id: string }>({ model: "user" });
    expect(users).toHaveLength(1);
    const account = await auth.$context.core.users.findAccount("github", "1001");
    expect(account?.accessToken).toBe("second");
  });

  it("new users go to newUserCallbackURL; errors to errorCallbackURL", async () => {
    server.use(...githubHandlers({}));
    const { browser } = socialAuth({ socialProviders: { github } });
    const b = browser();
    const s = await start(b, { provider: "github", callbackURL: "/home", newUserCallbackURL: "/welcome" });
    expect((await callback(b, "github", { code: "good-code", state: s.state })).location).toBe("/welcome");

    const c = browser();
    const e = await start(c, { provider: "github", callbackURL: "/home", errorCallbackURL: "/oops" });
    const { location } = await callback(c, "github", { code: "bad-code", state: e.state });
    expect(location).toBe("/oops?error=invalid_code");
  });

  it("disableRedirect answers redirect: false and scopes are added to the defaults", async () => {
    const { browser } = socialAuth({ socialProviders: { github: { ...github, scope: ["repo"] } } });
    const { res, url } = await start(browser(), {
      provider: "github",
      callbackURL: "/",
      disableRedirect: true,
      scopes: ["gist"],
    });
    expect(res.data.redirect).toBe(false);
    expect(url.searchParams.get("scope")).toBe("read:user user:email repo gist");
  });

  it("discord: authorize URL with PKCE, profile from /users/@me, avatar URL", async () => {
    const rec = recorder();
    server.use(
      tokenEndpoint("https://discord.com/api/oauth2/token", {
        tokens: {
          access_token: "dc-token",
          token_type: "Bearer",
          expires_in: 604800,
          refresh_token: "dc-r",
          scope: "identify email",
        },
        rec,
      }),
      http.get("https://discord.com/api/users/@me", () =>
        HttpResponse.json({
          id: "80351110224678912",
          username: "nelly",
          global_name: "Nelly",
          discriminator: "0",
          avatar: "8342729096ea3675442027381ff50dfe",
          email: "nelly@example.com",
          verified: true,
        }),
      ),
    );
    const { browser, auth } = socialAuth({
      socialProviders: { discord: { clientId: "dc-id", clientSecret: "dc-secret" } },
    });
    const b = browser();
    const { url, state } = await start(b, { provider: "discord", callbackURL: "/" });
    expect(url.origin + url.pathname).toBe("https://discord.com/api/oauth2/authorize");
    expect(url.searchParams.get("client_id")).toBe("dc-id");
    expect(url.searchParams.get("redirect_uri")).toBe(`${BASE}/callback/discord`);
    expect(url.searchParams.get("scope")).toBe("identify email");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toBeTruthy();

    const { location, res } = await callback(b, "discord", { code: "good-code", state });
    expect(location).toBe("/");
    expect(res.setCookies.has("gatehouse.session_token")).toBe(true);
    expect(await pkceChallenge(rec.last()!.form.get("code_verifier") ?? "")).toBe(
      url.searchParams.get("code_challenge"),
    );
    const session = await b.get<SessionBody>("/get-session");
    expect(session.data.user).toMatchObject({
      email: "nelly@example.com",
      name: "Nelly",
      emailVerified: true,
      image: "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png",
    });
    const account = await auth.$context.core.users.findAccount("discord", "80351110224678912");
    expect(account).toMatchObject({ refreshToken: "dc-r", scope: "identify,email" });
    expect(account?.accessTokenExpiresAt).toBeInstanceOf(Date);
  });
});
