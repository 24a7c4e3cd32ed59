import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callback, createSigningKey, recorder, socialAuth, start, tokenEndpoint, useServer } from "./helpers";

const server = setupServer();
useServer(server, { beforeAll, afterEach, afterAll });

const BASE = "http://localhost:3000/api/auth";
const APPLE = { clientId: "com.example.web", clientSecret: "apple-client-secret-jwt" };
const APPLE_ISS = "https://appleid.apple.com";

type SessionBody = { user: { id: string; email: string; name: string; emailVerified: boolean } };

describe("apple", () => {
  it("id token sign-in: JWKS, audience (service id or app bundle id), name from the user field", async () => {
    const key = await createSigningKey("apple-kid");
    server.use(http.get("https://appleid.apple.com/auth/keys", () => HttpResponse.json(key.jwks)));
    const { browser } = socialAuth({
      socialProviders: { apple: { ...APPLE, appBundleIdentifier: "com.example.ios" } },
    });
    const token = await key.sign(
      { sub: "001234.abcd", email: "tim@privaterelay.appleid.com", email_verified: "true", nonce: "abc" },
      { issuer: APPLE_ISS, audience: "com.example.ios" },
    );
    const b = browser();
    const res = await b.post<{ redirect: boolean; token: string; user: { name: string; email: string } }>(
      "/sign-in/social",
      {
        provider: "apple",
        idToken: { token, nonce: "abc", user: { name: { firstName: "Tim", lastName: "Apple" } } },
      },
    );
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      redirect: false,
      user: { name: "Tim Apple", email: "tim@privaterelay.appleid.com" },
    });
    const session = await b.get<SessionBody>("/get-session");
    expect(session.data.user).toMatchObject({ name: "Tim Apple", emailVerified: true });

    const wrongAudience = await key.sign(
      { sub: "x", email: "x@example.com" },
      { issuer: APPLE_ISS, audience: "com.other" },
    );
    const bad = await browser().post("/sign-in/social", {
      provider: "apple",
      idToken: { token: wrongAudience },
    });
    expect(bad.status).toBe(401);
  });

  it("authorize URL asks for form_post; the POST callback is redirected to the GET form, which signs in", async () => {
    const key = await createSigningKey("apple-kid");
    const idToken = await key.sign(
      { sub: "apple-sub-1", email: "jane@example.com", email_verified: true },
      { issuer: APPLE_ISS, audience: APPLE.clientId },
    );
    const rec = recorder();
    server.use(
      tokenEndpoint("https://appleid.apple.com/auth/token", {
        tokens: { access_token: "a", id_token: idToken, token_type: "Bearer" },
        rec,
      }),
    );
    const { browser } = socialAuth({ socialProviders: { apple: APPLE } });
    const b = browser();
    const { url, state } = await start(b, { provider: "apple", callbackURL: "/signed-in" });
    expect(url.origin + url.pathname).toBe("https://appleid.apple.com/auth/authorize");
    expect(url.searchParams.get("response_mode")).toBe("form_post");
    expect(url.searchParams.get("scope")).toBe("email name");
    expect(url.searchParams.get("redirect_uri")).toBe(`${BASE}/callback/apple`);
    expect(url.searchParams.has("code_challenge")).toBe(false);

    // Apple's cross-site POST: SameSite=Lax cookies stay behind, the Origin is Apple's.
    const user = JSON.stringify({ name: { firstName: "Jane", lastName: "Doe" }, email: "jane@example.com" });
    const form = new URLSearchParams({ code: "good-code", state, user }).toString();
    const post = await b.request("/callback/apple", {
      method: "POST",
      body: form,
      cookies: false,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://appleid.apple.com" },
    });
    expect(post.status).toBe(302);
    const next = new URL(post.headers.get("location") ?? "");
    expect(next.origin + next.pathname).toBe(`${BASE}/callback/apple`);
    expect(Object.fromEntries(next.searchParams)).toEqual({ code: "good-code", state, user });

    const { location } = await callback(b, "apple", Object.fromEntries(next.searchParams));
    expect(location).toBe("/signed-in");
    expect(rec.last()!.form.get("client_secret")).toBe(APPLE.clientSecret);
    expect(rec.last()!.form.has("code_verifier")).toBe(false);
    const session = await b.get<SessionBody>("/get-session");
    expect(session.data.user).toMatchObject({
      email: "jane@example.com",
      name: "Jane Doe",
      emailVerified: true,
    });
  });
});

describe("generic OpenID Connect provider (any other id)", () => {
  const ISSUER = "https://idp.example.com";
  const discovery = {
    issuer: ISSUER,
    authorization_endpoint: `${ISSUER}/oauth2/authorize`,
    token_endpoint: `${ISSUER}/oauth2/token`,
    userinfo_endpoint: `${ISSUER}/oauth2/userinfo`,
    jwks_uri: `${ISSUER}/oauth2/jwks`,
  };
  const options = {
    clientId: "acme-client",
    clientSecret: "acme-secret",
    discoveryUrl: `${ISSUER}/.well-known/openid-configuration`,
  };

  it("discovery (fetched once), PKCE, code exchange, user info, session", async () => {
    let discoveryFetches = 0;
    const rec = recorder();
    server.use(
      http.get(`${ISSUER}/.well-known/openid-configuration`, () => {
        discoveryFetches++;
        return HttpResponse.json(discovery);
      }),
      tokenEndpoint(`${ISSUER}/oauth2/token`, {
        tokens: { access_token: "acme-at", token_type: "Bearer", expires_in: 300 },
        rec,
      }),
      http.get(`${ISSUER}/oauth2/userinfo`, () =>
        HttpResponse.json({
          sub: "acme-42",
          email: "dev@acme.test",
          email_verified: true,
          name: "Dev",
          picture: "https://acme/p.png",
        }),
      ),
    );
    const { browser } = socialAuth({ socialProviders: { acme: options } });
    const b = browser();
    const { url, state } = await start(b, { provider: "acme", callbackURL: "/" });
    expect(url.origin + url.pathname).toBe(`${ISSUER}/oauth2/authorize`);
    expect(url.searchParams.get("client_id")).toBe("acme-client");
    expect(url.searchParams.get("redirect_uri")).toBe(`${BASE}/callback/acme`);
    expect(url.searchParams.get("scope")).toBe("openid email profile");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");

    const { location, res } = await callback(b, "acme", { code: "good-code", state });
    expect(location).toBe("/");
    expect(res.setCookies.has("gatehouse.session_token")).toBe(true);
    expect(rec.last()!.form.get("code_verifier")).toMatch(/^[A-Za-z0-9]{128}$/);
    const session = await b.get<SessionBody>("/get-session");
    expect(session.data.user).toMatchObject({ email: "dev@acme.test", name: "Dev", emailVerified: true });

    const again = await start(browser(), { provider: "acme", callbackURL: "/" });
    expect(again.url.origin).toBe(ISSUER);
    expect(discoveryFetches).toBe(1);
  });

  it("id token sign-in with the discovered JWKS and issuer; explicit URLs without discovery", async () => {
    const key = await createSigningKey();
    server.use(
      http.get(`${ISSUER}/.well-known/openid-configuration`, () => HttpResponse.json(discovery)),
      http.get(`${ISSUER}/oauth2/jwks`, () => HttpResponse.json(key.jwks)),
    );
    const { browser } = socialAuth({
      socialProviders: {
        acme: options,
        plain: {
          clientId: "p",
          clientSecret: "s",
          authorizationUrl: "https://plain.example.com/authorize",
          tokenUrl: "https://plain.example.com/token",
          userInfoUrl: "https://plain.example.com/me",
          pkce: false,
        },
      },
    });
    const token = await key.sign(
      { sub: "acme-7", email: "seven@acme.test", email_verified: true },
      { issuer: ISSUER, audience: "acme-client" },
    );
    const res = await browser().post<{ user: { email: string } }>("/sign-in/social", {
      provider: "acme",
      idToken: { token },
    });
    expect(res.status).toBe(200);
    expect(res.data.user.email).toBe("seven@acme.test");

    const plain = await start(browser(), { provider: "plain", callbackURL: "/" });
    expect(plain.url.origin + plain.url.pathname).toBe("https://plain.example.com/authorize");
    expect(plain.url.searchParams.has("code_challenge")).toBe(false);
    expect(plain.url.searchParams.has("scope")).toBe(false);
    const noVerifier = await browser().post("/sign-in/social", { provider: "plain", idToken: { token } });
    expect(noVerifier.status).toBe(404);
    expect(noVerifier.data).toMatchObject({ message: "id_token not supported" });
    expect(plain.url.searchParams.get("client_id")).toBe("p");
  });
});
