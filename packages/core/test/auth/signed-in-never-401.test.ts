import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { coreRoutes } from "../../src/auth/routes";
import { createTestAuth } from "../../src/testing";
import { github, useServer } from "../social/helpers";

// No provider is reachable: a route that called one would fail the sweep (unhandled request).
const server = setupServer();
useServer(server, { beforeAll, afterEach, afterAll });

type Route = {
  readonly method: string | readonly string[];
  readonly path: string;
  readonly serverOnly?: boolean;
};

/**
 * Spec section 8: 401 means "no session". Every core route is called by a freshly signed-in user,
 * with an empty body and with plausible inputs (own password, another user's session token, which is
 * a bad link token, and another user's email-verification token). Two 401s remain, each required
 * elsewhere:
 * - POST /revoke-session naming another user's session (spec section 6: "another user's session
 *   gives 401");
 * - GET /verify-email with a bad token and no callbackURL (issue 17: `Invalid token` /
 *   INVALID_TOKEN, as better-auth).
 * Nothing else may answer 401, and nothing may answer 5xx.
 */
describe("core routes: a signed-in caller never gets 401 but where the spec or issue 17 says so", () => {
  it("sweeps every routed core endpoint", async () => {
    const sent: string[] = [];
    const t = createTestAuth({
      logger: { disabled: true },
      socialProviders: { github },
      emailVerification: { sendVerificationEmail: async ({ url }) => void sent.push(url) },
      user: {
        changeEmail: { enabled: true, sendChangeEmailConfirmation: async ({ url }) => void sent.push(url) },
        deleteUser: { enabled: true },
      },
    });
    const other = await t.signUp();
    const otherToken = (await other.browser.get<{ session: { token: string } }>("/get-session")).data.session
      .token;
    await other.browser.post("/send-verification-email", { email: other.email });
    const otherLink = new URL(sent.at(-1)!).searchParams.get("token")!;
    const path = (route: Route) => route.path.replace(":token", "not-a-reset-token").replace(":id", "github");
    const answers: string[] = [];
    for (const [name, route] of Object.entries(coreRoutes) as [string, Route][]) {
      if (route.serverOnly) continue;
      const method = typeof route.method === "string" ? route.method : route.method[0]!;
      for (const variant of ["empty", "input", "link"] as const) {
        const me = await t.signUp();
        const input: Record<string, unknown> = {
          email: me.email,
          password: me.password,
          currentPassword: me.password,
          newPassword: "another-password-1234",
          name: "Renamed",
          token: variant === "link" ? otherLink : otherToken,
          newEmail: `moved-${Math.random().toString(36).slice(2)}@example.com`,
          provider: "github",
          providerId: "github",
          accountId: "no-such-account",
        };
        const body = variant === "empty" ? {} : input;
        const query = Object.fromEntries(
          Object.entries(body).filter(([, v]) => typeof v === "string") as [string, string][],
        );
        const res =
          method === "GET"
            ? await me.browser.get(path(route), { query })
            : await me.browser.post(path(route), body);
        if (res.status === 401 || res.status >= 500) answers.push(`${name} ${variant} ${res.status}`);
      }
    }
    expect(answers.sort()).toEqual(["revokeSession input 401", "verifyEmail input 401"]);
    // The sweep reached the routes: the change-email calls mailed their confirmation links.
    expect(sent.filter((url) => url.includes("/verify-email")).length).toBeGreaterThan(1);
  });
});
