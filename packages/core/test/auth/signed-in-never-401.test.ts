import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { coreRoutes } from "../../src/auth/routes";
import { createTestAuth } from "../../src/testing";
import { sweepSignedIn } from "../helpers/route-sweep";
import { github, useServer } from "../social/helpers";

// No provider is reachable: a route that called one would fail the sweep (unhandled request).
const server = setupServer();
useServer(server, { beforeAll, afterEach, afterAll });

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
    // The caller's own password is the sign-up default of createTestAuth.
    const password = other.password;
    const input = {
      password,
      currentPassword: password,
      newPassword: "another-password-1234",
      name: "Renamed",
      newEmail: "moved@example.com",
      provider: "github",
      providerId: "github",
      accountId: "no-such-account",
    };
    const answers = await sweepSignedIn({
      routes: Object.entries(coreRoutes),
      variants: {
        empty: {},
        input: { ...input, token: otherToken },
        link: { ...input, token: otherLink },
      },
      // A fresh user per call: sign-out, revocations and deletion do not leak into the next call.
      browser: async () => (await t.signUp()).browser,
      pathParam: (name) => (name === "id" ? "github" : "not-a-reset-token"),
    });
    expect(answers.sort()).toEqual(["revokeSession input 401", "verifyEmail input 401"]);
    // The sweep reached the routes: the change-email calls mailed their confirmation links.
    expect(sent.filter((url) => url.includes("/verify-email")).length).toBeGreaterThan(1);
  });
});
