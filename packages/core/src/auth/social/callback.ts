import { z } from "zod";
import type { SessionWithUser } from "../../kernel/models";
import type { RequestContext } from "../../kernel/request-context";
import { withQuery } from "../verification/redirect";
import { LINK_CALLBACK_ERRORS, linkAccount } from "./link";
import { findProvider } from "./registry";
import { signInWithProvider, signUpDisabled } from "./sign-in-user";
import { consumeOAuthState, type OAuthState } from "./state";
import type { AppleUserParam, OAuth2Tokens, SocialProvider } from "./types";

/** GET /callback/:id parameters (spec section 7); POST form_post bodies carry the same. */
export const callbackParams = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
  device_id: z.string().optional(),
  user: z.string().optional(),
  iss: z.string().optional(),
});

const appleUser = z.object({
  name: z.object({ firstName: z.string().optional(), lastName: z.string().optional() }).optional(),
  email: z.string().optional(),
});

/** A failed step: the redirect error code of spec section 8 (and the provider's description). */
class CallbackFailure extends Error {
  constructor(
    readonly code: string,
    readonly description?: string,
  ) {
    super(code);
  }
}

function parseAppleUser(raw: string | undefined): AppleUserParam | undefined {
  if (raw === undefined || raw === "") return undefined;
  try {
    const parsed = appleUser.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  throw new CallbackFailure("invalid_callback_request");
}

/** Code exchange and profile: invalid_code, unable_to_get_user_info. */
async function exchange(
  rc: RequestContext,
  provider: SocialProvider,
  state: OAuthState,
  params: z.output<typeof callbackParams> & { code: string; state: string },
  user: AppleUserParam | undefined,
) {
  let tokens: OAuth2Tokens;
  try {
    tokens = await provider.validateAuthorizationCode({
      code: params.code,
      codeVerifier: state.codeVerifier,
      deviceId: params.device_id,
      state: params.state,
    });
  } catch (error) {
    rc.app.logger.error(`${provider.id}: the code exchange failed`, error);
    throw new CallbackFailure("invalid_code");
  }
  const info = await provider.getUserInfo({ ...tokens, user }).catch((error) => {
    rc.app.logger.error(`${provider.id}: the user info request failed`, error);
    return null;
  });
  if (!info) throw new CallbackFailure("unable_to_get_user_info");
  return { tokens, info: info.user };
}

/** Everything after the state is known; returns where to send the browser. */
async function complete(
  rc: RequestContext,
  providerId: string,
  state: OAuthState,
  params: z.output<typeof callbackParams> & { state: string },
): Promise<string> {
  if (params.error) throw new CallbackFailure(params.error, params.error_description);
  if (!params.code) throw new CallbackFailure("no_code");
  const appleUser = parseAppleUser(params.user);
  const provider = findProvider(rc.app, providerId);
  if (!provider) throw new CallbackFailure("oauth_provider_not_found");
  const { tokens, info } = await exchange(rc, provider, state, { ...params, code: params.code }, appleUser);
  const { callbackURL } = state;
  if (!callbackURL) throw new CallbackFailure("no_callback_url");

  if (state.link) {
    const user = { id: state.link.userId, email: state.link.email };
    const refused = await linkAccount(rc, { provider, info, tokens, user });
    if (refused) throw new CallbackFailure(LINK_CALLBACK_ERRORS[refused]);
    return callbackURL;
  }
  const { email } = info;
  if (!email) throw new CallbackFailure("email_not_found");
  const result = await signInWithProvider(rc, {
    provider,
    info: { ...info, email },
    tokens,
    callbackURL,
    disableSignUp: signUpDisabled(rc, provider, state.requestSignUp),
  });
  if (!result.ok) throw new CallbackFailure(result.error);
  return result.isRegister ? (state.newUserURL ?? callbackURL) : callbackURL;
}

/**
 * GET /callback/:id (spec sections 4, 7 and 8). Answers with the URL to redirect to: the callback
 * URL (or the new-user URL for a new user) on success; on failure the state's error URL (default
 * `${baseURL}/error`) with `?error=<code>`; a missing, used or expired state goes to the error
 * page with please_restart_the_process.
 */
export async function oauthCallback(
  rc: RequestContext,
  providerId: string,
  input: unknown,
  session: SessionWithUser | null,
): Promise<string> {
  const errorPage = `${rc.app.baseURL}/error`;
  const parsed = callbackParams.safeParse(input ?? {});
  if (!parsed.success) return withQuery(errorPage, { error: "invalid_callback_request" });
  const params = parsed.data;
  // A missing state is treated like an expired one (spec section 4).
  if (!params.state) return withQuery(errorPage, { error: "please_restart_the_process" });
  const found = await consumeOAuthState(rc, params.state, session);
  if (!found.ok) return withQuery(errorPage, { error: found.error });
  const errorURL = found.state.errorURL ?? errorPage;
  try {
    return await complete(rc, providerId, found.state, { ...params, state: params.state });
  } catch (error) {
    if (error instanceof CallbackFailure) {
      const params: Record<string, string> = { error: error.code };
      if (error.description) params.error_description = error.description;
      return withQuery(errorURL, params);
    }
    rc.app.logger.error("OAuth callback failed", error);
    return withQuery(errorURL, { error: "internal_server_error" });
  }
}

/** POST /callback/:id (form_post, Apple): the same parameters, sent on to the GET form. */
export function formPostRedirect(rc: RequestContext, providerId: string, body: unknown, query: unknown) {
  const merged = new URLSearchParams();
  for (const source of [body, query]) {
    if (!source || typeof source !== "object") continue;
    for (const [key, value] of Object.entries(source)) {
      if (typeof value === "string") merged.set(key, value);
    }
  }
  const search = merged.toString();
  return `${rc.app.baseURL}/callback/${encodeURIComponent(providerId)}${search ? `?${search}` : ""}`;
}
