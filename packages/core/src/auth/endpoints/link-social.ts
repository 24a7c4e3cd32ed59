import { z } from "zod";
import { defineEndpoint } from "../../kernel/endpoint";
import { coreRoutes } from "../../kernel/routes";
import { urlString } from "../../router/schemas";
import { linkSocial } from "../social/link";
import { idTokenBody } from "../social/schemas";

const linkSocialBody = z.object({
  provider: z.string(),
  callbackURL: urlString().optional(),
  errorCallbackURL: urlString().optional(),
  idToken: idTokenBody.optional(),
  requestSignUp: z.boolean().optional(),
  scopes: z.array(z.string()).optional(),
  disableRedirect: z.boolean().optional(),
  loginHint: z.string().optional(),
});

/** POST /link-social: links a provider account to the signed-in user (redirect flow or id token). */
export const linkSocialAccount = defineEndpoint(coreRoutes.linkSocial, {
  body: linkSocialBody,
  auth: "session",
  handler: ({ rc, body, session }) => linkSocial(rc, session, body),
});
