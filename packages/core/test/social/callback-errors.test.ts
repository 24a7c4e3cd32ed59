import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  callback,
  github,
  githubFlow,
  githubHandlers,
  queryOf,
  socialAuth,
  start,
  useServer,
} from "./helpers";

const server = setupServer();
useServer(server, { beforeAll, afterEach, afterAll });

const ERROR_PAGE = "http://localhost:3000/api/auth/error";

const flow = githubFlow;

const errorOf = (location: string) => queryOf(location).get("error");

describe("OAuth callback redirect errors (spec section 8)", () => {
  it("invalid_callback_request: parameters that are not single strings", async () => {
    const { b, state } = await flow();
    const res = await b.get(`/callback/github?code=a&code=b&state=${state}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${ERROR_PAGE}?error=invalid_callback_request`);
  });

  it("invalid_callback_request: an Apple user parameter that is not JSON", async () => {
    server.use(...githubHandlers({}));
    const { b, state } = await flow();
    const { location } = await callback(b, "github", { code: "good-code", state, user: "{not json" });
    expect(location).toBe("/oops?error=invalid_callback_request");
  });

  it("please_restart_the_process: no state parameter (a missing state, spec section 4)", async () => {
    const { b } = await flow();
    const { location } = await callback(b, "github", { code: "good-code" });
    expect(location).toBe(`${ERROR_PAGE}?error=please_restart_the_process`);
    const empty = await callback(b, "github", { code: "good-code", state: "" });
    expect(empty.location).toBe(`${ERROR_PAGE}?error=please_restart_the_process`);
  });

  it("state_not_found: the browser's state cookie names another flow; the state stays usable", async () => {
    server.use(...githubHandlers({}));
    const { b, browser, state } = await flow();
    const other = browser();
    await start(other, { provider: "github", callbackURL: "/" });
    const { location } = await callback(other, "github", { code: "good-code", state });
    expect(location).toBe(`${ERROR_PAGE}?error=state_not_found`);
    expect((await callback(b, "github", { code: "good-code", state })).location).toBe("/home");
  });

  it("state_not_found: a link flow completed in another user's session", async () => {
    server.use(...githubHandlers({}));
    const { signUp } = socialAuth({ socialProviders: { github } });
    const alice = await signUp({ email: "octo@example.com" });
    const bob = await signUp();
    const { state } = await start(
      alice.browser,
      { provider: "github", callbackURL: "/linked" },
      "/link-social",
    );
    // Bob's browser carries Alice's state (no state cookie of its own).
    const { location } = await callback(bob.browser, "github", { code: "good-code", state });
    expect(location).toBe(`${ERROR_PAGE}?error=state_not_found`);
  });

  it("please_restart_the_process: an unknown state", async () => {
    const { browser } = socialAuth({ socialProviders: { github } });
    const { location } = await callback(browser(), "github", { code: "good-code", state: "x".repeat(32) });
    expect(location).toBe(`${ERROR_PAGE}?error=please_restart_the_process`);
  });

  it("the provider's own error is passed on with its description", async () => {
    const { b, state } = await flow();
    const { location } = await callback(b, "github", {
      state,
      error: "access_denied",
      error_description: "The user denied the request",
    });
    expect(errorOf(location)).toBe("access_denied");
    expect(queryOf(location).get("error_description")).toBe("The user denied the request");
    expect(location.startsWith("/oops?")).toBe(true);
  });

  it("no_code", async () => {
    const { b, state } = await flow();
    expect((await callback(b, "github", { state })).location).toBe("/oops?error=no_code");
  });

  it("oauth_provider_not_found: a callback for a provider that is not configured", async () => {
    const { b, state } = await flow();
    const { location } = await callback(b, "gitlab", { code: "good-code", state });
    expect(location).toBe("/oops?error=oauth_provider_not_found");
  });

  it("invalid_code: the token endpoint refuses the code", async () => {
    server.use(...githubHandlers({}));
    const { b, state } = await flow();
    expect((await callback(b, "github", { code: "stolen", state })).location).toBe(
      "/oops?error=invalid_code",
    );
  });

  it("unable_to_get_user_info: the profile request fails", async () => {
    server.use(...githubHandlers({}));
    server.use(http.get("https://api.github.com/user", () => new HttpResponse("down", { status: 500 })));
    const { b, state } = await flow();
    const { location } = await callback(b, "github", { code: "good-code", state });
    expect(location).toBe("/oops?error=unable_to_get_user_info");
  });

  it("email_not_found: the provider shares no email", async () => {
    server.use(...githubHandlers({ email: null }));
    const { b, state } = await flow();
    expect((await callback(b, "github", { code: "good-code", state })).location).toBe(
      "/oops?error=email_not_found",
    );
  });

  it("no_callback_url: a state without a callback URL", async () => {
    server.use(...githubHandlers({}));
    const { browser, auth } = socialAuth({ socialProviders: { github } });
    const state = "s".repeat(32);
    const value = { codeVerifier: "v".repeat(128), errorURL: "/oops", expiresAt: Date.now() + 60_000 };
    await auth.$context.core.verification.create(state, JSON.stringify(value), 600);
    const { location } = await callback(browser(), "github", { code: "good-code", state });
    expect(location).toBe("/oops?error=no_callback_url");
  });

  it("account_not_linked: the email belongs to a user and the provider has not verified it", async () => {
    server.use(...githubHandlers({ verified: false }));
    const { b, state, signUp } = await flow();
    await signUp({ email: "octo@example.com" });
    expect((await callback(b, "github", { code: "good-code", state })).location).toBe(
      "/oops?error=account_not_linked",
    );
  });

  it("unable_to_link_account: implicit linking allowed but the account cannot be created", async () => {
    server.use(...githubHandlers({}));
    const { b, state, signUp } = await flow({
      databaseHooks: {
        account: { create: { before: async (a) => (a.providerId === "github" ? false : undefined) } },
      },
    });
    await signUp({ email: "octo@example.com" });
    const { location } = await callback(b, "github", { code: "good-code", state });
    expect(location).toBe("/oops?error=unable_to_link_account");
  });

  it("unable_to_link_account: a link flow for an unverified email from an untrusted provider", async () => {
    server.use(...githubHandlers({ verified: false }));
    const { signUp } = socialAuth({ socialProviders: { github } });
    const alice = await signUp({ email: "octo@example.com" });
    const { state } = await start(
      alice.browser,
      { provider: "github", callbackURL: "/linked", errorCallbackURL: "/oops" },
      "/link-social",
    );
    const { location } = await callback(alice.browser, "github", { code: "good-code", state });
    expect(location).toBe("/oops?error=unable_to_link_account");
  });

  it("account_already_linked_to_different_user", async () => {
    server.use(...githubHandlers({ email: "octo@example.com" }));
    const { browser, signUp } = socialAuth({ socialProviders: { github } });
    const first = browser();
    const s1 = await start(first, { provider: "github", callbackURL: "/" });
    await callback(first, "github", { code: "good-code", state: s1.state });
    const other = await signUp({ email: "someone@example.com" });
    const { state } = await start(
      other.browser,
      { provider: "github", callbackURL: "/linked", errorCallbackURL: "/oops" },
      "/link-social",
    );
    const { location } = await callback(other.browser, "github", { code: "good-code", state });
    expect(location).toBe("/oops?error=account_already_linked_to_different_user");
  });

  it("signup_disabled: provider disableSignUp, global disableSignUp, implicit sign-up off", async () => {
    server.use(...githubHandlers({}));
    for (const options of [
      { socialProviders: { github: { ...github, disableSignUp: true } } },
      { socialProviders: { github }, account: { disableSignUp: true } },
      { socialProviders: { github: { ...github, disableImplicitSignUp: true } } },
    ]) {
      const { b, state } = await flow(options);
      expect((await callback(b, "github", { code: "good-code", state })).location).toBe(
        "/oops?error=signup_disabled",
      );
    }
  });

  it("requestSignUp lets a provider with implicit sign-up off create the user", async () => {
    server.use(...githubHandlers({}));
    const { b, state } = await flow(
      { socialProviders: { github: { ...github, disableImplicitSignUp: true } } },
      { requestSignUp: true },
    );
    expect((await callback(b, "github", { code: "good-code", state })).location).toBe("/home");
  });

  it("unable_to_create_user: a database hook refuses the user", async () => {
    server.use(...githubHandlers({}));
    const { b, state } = await flow({
      databaseHooks: { user: { create: { before: async () => false as const } } },
    });
    expect((await callback(b, "github", { code: "good-code", state })).location).toBe(
      "/oops?error=unable_to_create_user",
    );
  });

  it("unable_to_create_session: a database hook refuses the session", async () => {
    server.use(...githubHandlers({}));
    const { b, state } = await flow({
      databaseHooks: { session: { create: { before: async () => false as const } } },
    });
    const { location } = await callback(b, "github", { code: "good-code", state });
    expect(location).toBe("/oops?error=unable_to_create_session");
  });

  it("internal_server_error: an unexpected failure while signing in", async () => {
    server.use(...githubHandlers({}));
    const { browser } = socialAuth({
      socialProviders: { github },
      databaseHooks: {
        account: {
          update: {
            before: async () => {
              throw new Error("database unavailable");
            },
          },
        },
      },
    });
    const first = browser();
    const s1 = await start(first, { provider: "github", callbackURL: "/" });
    expect((await callback(first, "github", { code: "good-code", state: s1.state })).location).toBe("/");
    const again = browser();
    const s2 = await start(again, { provider: "github", callbackURL: "/", errorCallbackURL: "/oops" });
    const { location } = await callback(again, "github", { code: "good-code", state: s2.state });
    expect(location).toBe("/oops?error=internal_server_error");
  });
});
