import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callback, createSigningKey, socialAuth, start, tokenEndpoint, useServer } from "./helpers";

const server = setupServer();
useServer(server, { beforeAll, afterEach, afterAll });

const BASE = "http://localhost:3000/api/auth";

type SessionBody = { user: { id: string; email: string; name: string; emailVerified: boolean } };

describe("google", () => {
  const GOOGLE = { clientId: "google-client.apps.googleusercontent.com", clientSecret: "g-secret" };

  it("authorization code: profile read from the id token", async () => {
    const key = await createSigningKey();
    const idToken = await key.sign(
      {
        sub: "g-123",
        email: "ada@example.com",
        email_verified: true,
        name: "Ada L",
        picture: "https://img/ada",
      },
      { issuer: "https://accounts.google.com", audience: GOOGLE.clientId },
    );
    server.use(
      tokenEndpoint("https://oauth2.googleapis.com/token", {
        tokens: {
          access_token: "ya29",
          id_token: idToken,
          expires_in: 3599,
          scope: "openid email profile",
          token_type: "Bearer",
        },
      }),
    );
    const { browser } = socialAuth({ socialProviders: { google: { ...GOOGLE, accessType: "offline" } } });
    const b = browser();
    const { url, state } = await start(b, {
      provider: "google",
      callbackURL: "/app",
      loginHint: "ada@example.com",
    });
    expect(url.origin + url.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(url.searchParams.get("client_id")).toBe(GOOGLE.clientId);
    expect(url.searchParams.get("redirect_uri")).toBe(`${BASE}/callback/google`);
    expect(url.searchParams.get("scope")).toBe("email profile openid");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("access_type")).toBe("offline");
    expect(url.searchParams.get("login_hint")).toBe("ada@example.com");

    const { location } = await callback(b, "google", { code: "good-code", state });
    expect(location).toBe("/app");
    const session = await b.get<SessionBody>("/get-session");
    expect(session.data.user).toMatchObject({ email: "ada@example.com", name: "Ada L", emailVerified: true });
  });

  it("id token sign-in: verified against the JWKS, signs in at once", async () => {
    const key = await createSigningKey();
    server.use(http.get("https://www.googleapis.com/oauth2/v3/certs", () => HttpResponse.json(key.jwks)));
    const { browser, auth } = socialAuth({ socialProviders: { google: GOOGLE } });
    const token = await key.sign(
      { sub: "g-9", email: "Grace@Example.com", email_verified: true, name: "Grace", nonce: "n-1" },
      { issuer: "https://accounts.google.com", audience: GOOGLE.clientId },
    );
    const b = browser();
    const res = await b.post<{ redirect: boolean; token: string; user: { email: string } }>(
      "/sign-in/social",
      {
        provider: "google",
        idToken: { token, nonce: "n-1", accessToken: "ya29-native" },
      },
    );
    expect(res.status).toBe(200);
    expect(res.data.redirect).toBe(false);
    expect(res.data.token).toEqual(expect.any(String));
    expect(res.data.user.email).toBe("grace@example.com");
    expect(res.setCookies.has("gatehouse.session_token")).toBe(true);
    expect((await b.get<SessionBody>("/get-session")).data.user.email).toBe("grace@example.com");
    const account = await auth.$context.core.users.findAccount("google", "g-9");
    expect(account).toMatchObject({ accessToken: "ya29-native", idToken: token });
  });

  it("id token: wrong audience, wrong issuer, expired, wrong nonce or foreign key -> 401 invalid token", async () => {
    const key = await createSigningKey();
    const foreign = await createSigningKey();
    server.use(http.get("https://www.googleapis.com/oauth2/v3/certs", () => HttpResponse.json(key.jwks)));
    const { browser } = socialAuth({ socialProviders: { google: GOOGLE } });
    const claims = { sub: "g-1", email: "x@example.com", email_verified: true, nonce: "good" };
    const iss = "https://accounts.google.com";
    const cases = [
      { token: await key.sign(claims, { issuer: iss, audience: "someone-else" }) },
      { token: await key.sign(claims, { issuer: "https://evil.example.com", audience: GOOGLE.clientId }) },
      {
        token: await key.sign(claims, {
          issuer: iss,
          audience: GOOGLE.clientId,
          expiresIn: Math.floor(Date.now() / 1000) - 60,
        }),
      },
      { token: await key.sign(claims, { issuer: iss, audience: GOOGLE.clientId }), nonce: "other" },
      { token: await foreign.sign(claims, { issuer: iss, audience: GOOGLE.clientId }) },
      { token: "not-a-jwt" },
    ];
    for (const idToken of cases) {
      const res = await browser().post<{ message: string; code: string }>("/sign-in/social", {
        provider: "google",
        idToken,
      });
      expect(res.status).toBe(401);
      expect(res.data).toMatchObject({ message: "invalid token", code: "INVALID_TOKEN" });
    }
  });
});
