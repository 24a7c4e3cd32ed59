import { z } from "zod";
import { defineEndpoint } from "../../../plugin";
import { usernameRoutes } from "../routes";
import { findByUsername, type UsernameRules } from "../rules";

/**
 * POST /is-username-available {username} -> {available}. The username must pass the same rules as
 * a sign-up (400 too short / too long / invalid); it is compared in its stored (normalised) form.
 */
export function isUsernameAvailableEndpoint(rules: UsernameRules) {
  return defineEndpoint(usernameRoutes.isUsernameAvailable, {
    body: z.object({ username: z.string() }),
    async handler({ app, body }) {
      const username = await rules.check(body.username);
      return { available: (await findByUsername(app, username)) === null };
    },
  });
}
