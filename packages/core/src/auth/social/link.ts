import { AUTH_ERRORS } from "../../kernel/errors";
import type { SessionWithUser } from "../../kernel/models";
import type { RequestContext } from "../../kernel/request-context";
import { idTokenTokens, userFromIdToken } from "./id-token-user";
import { emailsMatch, mayLink } from "./linking";
import type { IdTokenBody } from "./schemas";
import { requireProvider, type StartFlowInput, startOAuthFlow } from "./start";
import { accountTokenFields } from "./tokens";
import type { OAuth2Tokens, OAuthUserInfo, SocialProvider } from "./types";

export type LinkRefusal = "not_allowed" | "different_emails" | "linked_to_other_user" | "failed";

export interface LinkInput {
  readonly provider: SocialProvider;
  readonly info: OAuthUserInfo;
  readonly tokens: OAuth2Tokens;
  readonly user: { id: string; email: string };
}

/**
 * Links a provider account to a signed-in user (spec section 5): not already another user's,
 * linking allowed (enabled; trusted provider or verified email), same email unless
 * `allowDifferentEmails`. An account already linked to this user gets its tokens refreshed.
 */
export async function linkAccount(rc: RequestContext, input: LinkInput): Promise<LinkRefusal | null> {
  const { app } = rc;
  const { users } = app.core;
  const { provider, info, user } = input;
  const existing = await users.findAccount(provider.id, info.id);
  if (existing && existing.userId !== user.id) return "linked_to_other_user";
  if (!mayLink(app, provider.id, info.emailVerified)) return "not_allowed";
  if (!emailsMatch(app, info.email, user.email)) return "different_emails";
  const fields = await accountTokenFields(app, input.tokens);
  if (existing) {
    await users.updateAccount(existing.id, fields);
  } else {
    try {
      const data = await users.prepareAccount({
        ...fields,
        providerId: provider.id,
        accountId: info.id,
        userId: user.id,
      });
      await users.afterCreateAccount(await users.insertAccount(data));
    } catch (error) {
      app.logger.error("Unable to link account", error);
      return "failed";
    }
  }
  if (app.options.account?.accountLinking?.updateUserInfoOnLink) {
    const current = await users.findById(user.id);
    const update = {
      ...(info.name ? { name: info.name } : {}),
      ...(info.image ? { image: info.image } : {}),
    };
    if (current && Object.keys(update).length > 0) {
      const updated = await users.update(current, update, app.adapter, rc.request);
      await users.afterUpdate(updated, current);
    }
  }
  return null;
}

/** The callback redirect code of each refusal (spec section 8). */
export const LINK_CALLBACK_ERRORS: Readonly<Record<LinkRefusal, string>> = {
  not_allowed: "unable_to_link_account",
  different_emails: "account_not_linked",
  linked_to_other_user: "account_already_linked_to_different_user",
  failed: "unable_to_link_account",
};

const LINK_API_ERRORS = {
  not_allowed: AUTH_ERRORS.ACCOUNT_NOT_LINKED_LINKING_NOT_ALLOWED,
  different_emails: AUTH_ERRORS.ACCOUNT_NOT_LINKED_DIFFERENT_EMAILS_NOT_ALLOWED,
  linked_to_other_user: AUTH_ERRORS.SOCIAL_ACCOUNT_ALREADY_LINKED,
  failed: AUTH_ERRORS.ACCOUNT_NOT_LINKED_UNABLE_TO_CREATE_ACCOUNT,
} as const;

export interface LinkSocialInput extends Omit<StartFlowInput, "link" | "newUserCallbackURL"> {
  provider: string;
  idToken?: IdTokenBody;
}

/**
 * POST /link-social: with an id token, verifies it and links at once (`{url: "", status: true,
 * redirect: false}`); otherwise starts a redirect flow whose state carries the link target.
 */
export async function linkSocial(rc: RequestContext, session: SessionWithUser, input: LinkSocialInput) {
  const provider = requireProvider(rc.app, input.provider);
  const user = { id: session.user.id, email: session.user.email };
  if (!input.idToken) {
    return startOAuthFlow(rc, provider, { ...input, link: { userId: user.id, email: user.email } });
  }
  const info = await userFromIdToken(rc, provider, input.idToken);
  const refused = await linkAccount(rc, { provider, info, tokens: idTokenTokens(input.idToken), user });
  if (refused) throw LINK_API_ERRORS[refused]();
  return { url: "", status: true, redirect: false as const };
}
