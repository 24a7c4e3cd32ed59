import { z } from "zod";
import { defineEndpoint } from "../../kernel/endpoint";
import { coreRoutes } from "../../kernel/routes";
import { urlString } from "../../router/schemas";
import { idTokenBody } from "../social/schemas";
import { socialSignIn } from "../social/sign-in-social";

const signInSocialBody = z.object({
  provider: z.string(),
  callbackURL: urlString().optional(),
  newUserCallbackURL: urlString().optional(),
  errorCallbackURL: urlString().optional(),
  disableRedirect: z.boolean().optional(),
  idToken: idTokenBody.optional(),
  scopes: z.array(z.string()).optional(),
  requestSignUp: z.boolean().optional(),
  loginHint: z.string().optional(),
});

/**
 * POST /sign-in/social (spec section 7): `{url, redirect}` to send the browser to the provider, or,
 * with `idToken`, `{redirect: false, token, user}` and the session cookie.
 */
export const signInSocial = defineEndpoint(coreRoutes.signInSocial, {
  body: signInSocialBody,
  noStore: true,
  handler: ({ rc, body }) => socialSignIn(rc, body),
});
