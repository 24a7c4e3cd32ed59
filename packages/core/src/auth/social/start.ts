import type { AppContext } from "../../kernel/app-context";
import { AUTH_ERRORS } from "../../kernel/errors";
import type { RequestContext } from "../../kernel/request-context";
import { findProvider } from "./registry";
import { createOAuthState } from "./state";
import type { SocialProvider } from "./types";

/** 404 "Provider not found" for an id that is not configured. */
export function requireProvider(app: AppContext, id: string): SocialProvider {
  const provider = findProvider(app, id);
  if (!provider) throw AUTH_ERRORS.PROVIDER_NOT_FOUND();
  return provider;
}

/** The configured base URL (option or environment), the default callback URL of an OAuth flow. */
export function configuredBaseURL(app: AppContext): string | undefined {
  return app.options.baseURL ?? process.env.GATEHOUSE_URL ?? process.env.BETTER_AUTH_URL;
}

export interface StartFlowInput {
  callbackURL?: string;
  errorCallbackURL?: string;
  newUserCallbackURL?: string;
  requestSignUp?: boolean;
  scopes?: string[];
  loginHint?: string;
  disableRedirect?: boolean;
  /** Link flow: the signed-in user the provider account will be linked to. */
  link?: { email: string; userId: string };
}

/**
 * Starts an authorization-code flow (spec sections 4 and 7): stores the state (callback, error and
 * new-user URLs, PKCE verifier, link target) and answers with the provider's authorization URL.
 * 400 "callbackURL is required" when neither the body nor the configuration gives one.
 */
export async function startOAuthFlow(rc: RequestContext, provider: SocialProvider, input: StartFlowInput) {
  const callbackURL = input.callbackURL || configuredBaseURL(rc.app);
  if (!callbackURL) throw AUTH_ERRORS.CALLBACKURL_IS_REQUIRED();
  const { state, codeVerifier } = await createOAuthState(rc, {
    callbackURL,
    errorURL: input.errorCallbackURL || undefined,
    newUserURL: input.newUserCallbackURL || undefined,
    link: input.link,
    requestSignUp: input.requestSignUp,
  });
  const url = (
    await provider.createAuthorizationURL({
      state,
      codeVerifier,
      scopes: input.scopes,
      loginHint: input.loginHint,
    })
  ).toString();
  const redirect = !input.disableRedirect;
  if (redirect) rc.responseHeaders.set("location", url);
  return { url, redirect };
}
