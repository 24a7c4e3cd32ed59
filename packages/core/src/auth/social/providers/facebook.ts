import type { FacebookOptions, FacebookProfile } from "../../../kernel/social/app-profiles";
import { createProvider } from "../create-provider";
import { decodeIdToken, fetchJSON } from "../oauth2";
import type { ProviderContext, SocialProvider } from "../types";

export type { FacebookOptions, FacebookProfile } from "../../../kernel/social/app-profiles";

/**
 * Facebook Login: the Graph API /me profile. Id tokens are the Limited Login JWTs (iOS), verified
 * against Facebook's JWKS.
 */
export function facebook(options: FacebookOptions, ctx: ProviderContext): SocialProvider {
  const version = options.version ?? "v21.0";
  const fields = (options.fields ?? ["id", "name", "email", "picture"]).join(",");
  return createProvider<FacebookProfile>(
    {
      name: "Facebook",
      endpoints: {
        authorization: `https://www.facebook.com/${version}/dialog/oauth`,
        token: `https://graph.facebook.com/${version}/oauth/access_token`,
        userInfo: `https://graph.facebook.com/me?fields=${fields}`,
      },
      defaultScopes: ["email", "public_profile"],
      pkce: false,
      idToken: {
        jwksUrl: "https://limited.facebook.com/.well-known/oauth/openid/jwks/",
        issuer: "https://www.facebook.com",
        audience: options.clientId,
      },
      async fetchProfile({ idToken, accessToken }) {
        const claims = decodeIdToken<{ sub?: string; name?: string; email?: string; picture?: string }>(
          idToken,
        );
        if (claims?.sub) return { ...claims, id: claims.sub };
        if (!accessToken) return null;
        return fetchJSON<FacebookProfile>(`https://graph.facebook.com/${version}/me?fields=${fields}`, {
          accessToken,
        });
      },
      toUser: (p) => ({
        id: p.id,
        email: p.email ?? null,
        // Facebook does not say whether the address is verified.
        emailVerified: false,
        name: p.name ?? "",
        image: typeof p.picture === "string" ? p.picture : (p.picture?.data?.url ?? null),
      }),
    },
    options,
    ctx,
  );
}
