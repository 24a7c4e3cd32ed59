import type { AppleOptions, AppleProfile } from "../../../kernel/social/oidc-profiles";
import { createProvider } from "../create-provider";
import { claimTrue, decodeIdToken } from "../oauth2";
import type { ProviderContext, SocialProvider } from "../types";

export type { AppleOptions, AppleProfile } from "../../../kernel/social/oidc-profiles";

/**
 * Sign in with Apple: no user-info endpoint (the profile is the id token), form_post responses
 * (the callback receives a POST), and the user's name only on the first authorization.
 */
export function apple(options: AppleOptions, ctx: ProviderContext): SocialProvider {
  const audience = [
    options.clientId,
    ...(options.appBundleIdentifier ? [options.appBundleIdentifier] : []),
    ...(options.audience === undefined ? [] : [options.audience].flat()),
  ];
  return createProvider<AppleProfile>(
    {
      name: "Apple",
      endpoints: {
        authorization: "https://appleid.apple.com/auth/authorize",
        token: "https://appleid.apple.com/auth/token",
      },
      defaultScopes: ["email", "name"],
      pkce: false,
      // Apple requires form_post whenever scopes are requested.
      authorizationParams: () => ({ response_mode: "form_post" }),
      idToken: {
        jwksUrl: "https://appleid.apple.com/auth/keys",
        issuer: "https://appleid.apple.com",
        audience,
        algorithms: ["RS256"],
      },
      async fetchProfile({ idToken, user }) {
        const claims = decodeIdToken<AppleProfile>(idToken);
        if (!claims?.sub) return null;
        const first = user?.name?.firstName ?? "";
        const last = user?.name?.lastName ?? "";
        const name = `${first} ${last}`.trim();
        return { ...claims, email: claims.email ?? user?.email, ...(name ? { name } : {}) };
      },
      toUser: (p) => ({
        id: p.sub,
        email: p.email ?? null,
        emailVerified: claimTrue(p.email_verified),
        name: p.name ?? "",
        image: null,
      }),
    },
    options,
    ctx,
  );
}
