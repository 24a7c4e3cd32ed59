import { type ErrorFactory, isAPIError } from "../../kernel/define-errors";
import { AUTH_ERRORS } from "../../kernel/errors";
import type { RequestContext } from "../../kernel/request-context";
import { publicUser } from "../shape";
import { idTokenTokens, userFromIdToken } from "./id-token-user";
import type { IdTokenBody } from "./schemas";
import { signInWithProvider, signUpDisabled } from "./sign-in-user";
import { requireProvider, type StartFlowInput, startOAuthFlow } from "./start";

export interface SocialSignInInput extends Omit<StartFlowInput, "link"> {
  provider: string;
  idToken?: IdTokenBody;
}

/** How a refused id-token sign-in answers (the redirect flow sends the code instead). */
const SIGN_IN_ERRORS: Readonly<Record<string, ErrorFactory>> = {
  account_not_linked: AUTH_ERRORS.ACCOUNT_NOT_LINKED,
  unable_to_link_account: AUTH_ERRORS.UNABLE_TO_LINK_ACCOUNT,
  signup_disabled: AUTH_ERRORS.SIGNUP_DISABLED,
  unable_to_create_user: AUTH_ERRORS.FAILED_TO_CREATE_USER,
  unable_to_create_session: AUTH_ERRORS.FAILED_TO_CREATE_SESSION,
};

/**
 * POST /sign-in/social: with an id token, verifies it and signs in at once
 * (`{redirect: false, token, user}` and the session cookie); otherwise starts the redirect flow
 * (`{url, redirect}`).
 */
export async function socialSignIn(rc: RequestContext, input: SocialSignInInput) {
  const provider = requireProvider(rc.app, input.provider);
  if (!input.idToken) return startOAuthFlow(rc, provider, input);

  const info = await userFromIdToken(rc, provider, input.idToken);
  const result = await signInWithProvider(rc, {
    provider,
    info,
    tokens: idTokenTokens(input.idToken),
    callbackURL: input.callbackURL,
    disableSignUp: signUpDisabled(rc, provider, input.requestSignUp),
  });
  if (!result.ok) {
    if (isAPIError(result.cause)) throw result.cause;
    throw (SIGN_IN_ERRORS[result.error] ?? AUTH_ERRORS.ACCOUNT_NOT_LINKED)();
  }
  return {
    redirect: false as const,
    token: result.session.session.token,
    url: undefined,
    user: publicUser(rc.app, result.session.user),
  };
}
