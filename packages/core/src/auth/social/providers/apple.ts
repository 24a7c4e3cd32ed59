import { createProvider } from "../create-provider";
import { claimTrue, decodeIdToken } from "../oauth2";
import type { ProviderContext, ProviderOptions, SocialProvider } from "../types";

/** The claims of an Apple id token. */
export interface AppleProfile {
  sub: string;
  email?: string;
  email_verified?: boolean | "true" | "false";
  is_private_email?: boolean | "true" | "false";
  /** Built by Gatehouse from the `user` parameter Apple sends on the first sign-in only. */
  name?: string;
  [claim: string]: unknown;
}

export interface AppleOptions extends ProviderOptions<AppleProfile> {
  /**
   * The client secret is a JWT you sign with your Sign in with Apple key (ES256, at most six months
   * valid); see docs/social/apple.md.
   */
  clientSecret: string;
  /** The iOS/macOS app's bundle id: id tokens from native sign-in carry it as audience. */
  appBundleIdentifier?: string;
  /** Further accepted audiences. */
  audience?: string | string[];
}

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
