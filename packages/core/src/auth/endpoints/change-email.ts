import { z } from "zod";
import { defineEndpoint } from "../../kernel/endpoint";
import { coreRoutes } from "../../kernel/routes";
import { emailString, urlString } from "../../router/schemas";
import { changeEmail as requestEmailChange } from "../users/change-email";

/**
 * POST /change-email {newEmail, callbackURL?} -> {status: true}. Errors: "Change email is
 * disabled", "Invalid email", "Email is the same", "Couldn't update your email" (spec sections 5, 8).
 */
export const changeEmail = defineEndpoint(coreRoutes.changeEmail, {
  body: z.object({ newEmail: emailString(), callbackURL: urlString().optional() }),
  auth: "fresh-session",
  async handler({ rc, body, session }) {
    await requestEmailChange(rc, session, body);
    return { status: true };
  },
});
