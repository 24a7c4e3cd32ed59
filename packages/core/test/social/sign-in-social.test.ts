import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSigningKey, type ErrorBody, github, socialAuth, start, useServer } from "./helpers";

const server = setupServer();
useServer(server, { beforeAll, afterEach, afterAll });

const GOOGLE = { clientId: "g-client", clientSecret: "g-secret" };

async function googleToken(claims: Record<string, unknown>) {
  const key = await createSigningKey();
  server.use(http.get("https://www.googleapis.com/oauth2/v3/certs", () => HttpResponse.json(key.jwks)));
  return key.sign(claims, { issuer: "https://accounts.google.com", audience: GOOGLE.clientId });
}

describe("POST /sign-in/social", () => {
  it("404 Provider not found for an unknown or disabled provider", async () => {
    const { browser } = socialAuth({
      socialProviders: { github, discord: { clientId: "d", enabled: false } },
    });
    for (const provider of ["nope", "discord"]) {
      const res = await browser().post<ErrorBody>("/sign-in/social", { provider, callbackURL: "/" });
      expect(res.status).toBe(404);
      expect(res.data).toMatchObject({ message: "Provider not found", code: "PROVIDER_NOT_FOUND" });
    }
  });

  it("callbackURL: from the body, else the configured base URL, else 400 callbackURL is required", async () => {
    const configured = socialAuth({ socialProviders: { github } });
    const { state } = await start(configured.browser(), { provider: "github" });
    const row = await configured.auth.$context.core.verification.find(state);
    expect(JSON.parse(row?.value ?? "{}").callbackURL).toBe("http://localhost:3000");

    const unconfigured = socialAuth({ baseURL: undefined, socialProviders: { github } });
    const res = await unconfigured.browser().post<ErrorBody>("/sign-in/social", { provider: "github" });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ message: "callbackURL is required", code: "CALLBACKURL_IS_REQUIRED" });
  });

  it("every redirect URL must be trusted: 403 Invalid callbackURL", async () => {
    const { browser } = socialAuth({
      socialProviders: { github },
      trustedOrigins: ["https://app.example.com"],
    });
    for (const field of ["callbackURL", "errorCallbackURL", "newUserCallbackURL"]) {
      const res = await browser().post<ErrorBody>("/sign-in/social", {
        provider: "github",
        [field]: "https://evil.example.com/x",
      });
      expect(res.status, field).toBe(403);
      expect(res.data.message).toBe("Invalid callbackURL");
    }
    const ok = await browser().post("/sign-in/social", {
      provider: "github",
      callbackURL: "https://app.example.com/done",
    });
    expect(ok.status).toBe(200);
  });

  it("answers {url, redirect} with a Location header; an invalid body is 400", async () => {
    const { browser } = socialAuth({ socialProviders: { github } });
    const res = await browser().post<{ url: string; redirect: boolean }>("/sign-in/social", {
      provider: "github",
      callbackURL: "/",
    });
    expect(res.headers.get("location")).toBe(res.data.url);
    const bad = await browser().post<ErrorBody>("/sign-in/social", { callbackURL: "/" });
    expect(bad.status).toBe(400);
    expect(bad.data.message).toBe("Invalid body parameters");
  });

  it("id token: 404 id_token not supported for a provider without a verifier or with id-token sign-in off", async () => {
    const { browser } = socialAuth({
      socialProviders: { github, google: { ...GOOGLE, disableIdTokenSignIn: true } },
    });
    for (const provider of ["github", "google"]) {
      const res = await browser().post<ErrorBody>("/sign-in/social", { provider, idToken: { token: "x" } });
      expect(res.status).toBe(404);
      expect(res.data.message).toBe("id_token not supported");
    }
  });

  it("id token: 401 User email not found when the token has no email", async () => {
    const token = await googleToken({ sub: "no-mail" });
    const { browser } = socialAuth({ socialProviders: { google: GOOGLE } });
    const res = await browser().post<ErrorBody>("/sign-in/social", {
      provider: "google",
      idToken: { token },
    });
    expect(res.status).toBe(401);
    expect(res.data).toMatchObject({ message: "User email not found", code: "USER_EMAIL_NOT_FOUND" });
  });

  it("id token: 401 Account not linked and 401 Signup disabled", async () => {
    const token = await googleToken({ sub: "g-5", email: "taken@example.com", email_verified: false });
    const { browser, signUp } = socialAuth({ socialProviders: { google: GOOGLE } });
    await signUp({ email: "taken@example.com" });
    const notLinked = await browser().post<ErrorBody>("/sign-in/social", {
      provider: "google",
      idToken: { token },
    });
    expect(notLinked.status).toBe(401);
    expect(notLinked.data).toMatchObject({ message: "Account not linked", code: "ACCOUNT_NOT_LINKED" });

    const fresh = await googleToken({ sub: "g-6", email: "new@example.com", email_verified: true });
    const closed = socialAuth({ socialProviders: { google: { ...GOOGLE, disableSignUp: true } } });
    const res = await closed
      .browser()
      .post<ErrorBody>("/sign-in/social", { provider: "google", idToken: { token: fresh } });
    expect(res.status).toBe(401);
    expect(res.data).toMatchObject({ message: "Signup disabled", code: "SIGNUP_DISABLED" });
  });

  it("id token sign-up honours requestSignUp with implicit sign-up off", async () => {
    const token = await googleToken({ sub: "g-7", email: "req@example.com", email_verified: true });
    const { browser } = socialAuth({
      socialProviders: { google: { ...GOOGLE, disableImplicitSignUp: true } },
    });
    const refused = await browser().post("/sign-in/social", { provider: "google", idToken: { token } });
    expect(refused.status).toBe(401);
    const res = await browser().post("/sign-in/social", {
      provider: "google",
      idToken: { token },
      requestSignUp: true,
    });
    expect(res.status).toBe(200);
  });

  it("server call: auth.api.signInSocial answers the authorization URL", async () => {
    const { auth } = socialAuth({ socialProviders: { github } });
    const res = await auth.api.signInSocial({
      body: { provider: "github", callbackURL: "/", disableRedirect: true },
    });
    expect(res).toMatchObject({
      redirect: false,
      url: expect.stringContaining("https://github.com/login/oauth/authorize"),
    });
  });
});
