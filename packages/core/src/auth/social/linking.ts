import type { AppContext } from "../../kernel/app-context";
import type { OAuthUserInfo } from "./types";

/**
 * Linking rules (spec section 5), pure. Linking a provider account to an existing user needs
 * linking enabled (`account.accountLinking.enabled`, default true) and either a trusted provider
 * or an email the provider says is verified.
 */
export function mayLink(app: AppContext, providerId: string, emailVerified: boolean): boolean {
  const linking = app.options.account?.accountLinking;
  if (linking?.enabled === false) return false;
  return emailVerified || (linking?.trustedProviders ?? []).includes(providerId);
}

/** Same email (case-insensitive) unless `allowDifferentEmails`. */
export function emailsMatch(app: AppContext, providerEmail: string | null, userEmail: string): boolean {
  if (app.options.account?.accountLinking?.allowDifferentEmails === true) return true;
  return providerEmail !== null && providerEmail.toLowerCase() === userEmail.toLowerCase();
}

const NOT_PROFILE = new Set(["id", "email", "emailVerified", "createdAt", "updatedAt"]);

/** The user fields a provider profile may set: name, image and mapped fields the user model has. */
export function profileFields(app: AppContext, info: OAuthUserInfo): Record<string, unknown> {
  const fields = app.schema.user?.fields ?? {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(info)) {
    if (NOT_PROFILE.has(key) || value === undefined || !Object.hasOwn(fields, key)) continue;
    out[key] = value;
  }
  return out;
}
