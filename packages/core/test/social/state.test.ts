import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callback, githubFlow, githubHandlers, useServer } from "./helpers";

const server = setupServer();
useServer(server, { beforeAll, afterEach, afterAll });

const ERROR_PAGE = "http://localhost:3000/api/auth/error";
const flow = githubFlow;

describe("OAuth state (spec sections 4 and 9)", () => {
  it("is single use: replaying a callback asks to restart", async () => {
    server.use(...githubHandlers({}));
    const { b, state } = await flow();
    expect((await callback(b, "github", { code: "good-code", state })).location).toBe("/home");
    const replay = await callback(b, "github", { code: "good-code", state });
    expect(replay.location).toBe(`${ERROR_PAGE}?error=please_restart_the_process`);
  });

  it("expires after 600 seconds", async () => {
    server.use(...githubHandlers({}));
    const early = await flow();
    early.clock.advance(599_000);
    expect((await callback(early.b, "github", { code: "good-code", state: early.state })).location).toBe(
      "/home",
    );

    const late = await flow();
    late.clock.advance(601_000);
    const { location } = await callback(late.b, "github", { code: "good-code", state: late.state });
    expect(location).toBe(`${ERROR_PAGE}?error=please_restart_the_process`);
  });

  it("is stored as a verification value with the spec's fields and a 32-character id", async () => {
    const { auth, state, clock } = await flow({}, { newUserCallbackURL: "/welcome", requestSignUp: true });
    const row = await auth.$context.core.verification.find(state);
    expect(row?.expiresAt.getTime()).toBe(clock.ms + 600_000);
    const value = JSON.parse(row?.value ?? "{}");
    expect(value).toMatchObject({
      callbackURL: "/home",
      errorURL: "/oops",
      newUserURL: "/welcome",
      requestSignUp: true,
      expiresAt: clock.ms + 600_000,
    });
    expect(value.codeVerifier).toMatch(/^[A-Za-z0-9]{128}$/);
  });
});
