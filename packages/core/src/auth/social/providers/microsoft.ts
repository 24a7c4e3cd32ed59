import type { JWTPayload } from "jose";
import type { MicrosoftOptions, MicrosoftProfile } from "../../../kernel/social/oidc-profiles";
import { createProvider } from "../create-provider";
import { claimTrue, decodeIdToken, fetchJSON } from "../oauth2";
import type { ProviderContext, SocialProvider } from "../types";

export type { MicrosoftOptions, MicrosoftProfile } from "../../../kernel/social/oidc-profiles";

const MULTI_TENANT = new Set(["common", "organizations", "consumers"]);

function emailVerified(p: MicrosoftProfile): boolean {
  if (p.email_verified !== undefined) return claimTrue(p.email_verified);
  const email = p.email?.toLowerCase();
  if (!email) return false;
  const lists = [...(p.verified_primary_email ?? []), ...(p.verified_secondary_email ?? [])];
  return lists.some((e) => e.toLowerCase() === email);
}

/** Microsoft Entra ID (work, school and personal accounts): OpenID Connect with id-token sign-in. */
export function microsoft(options: MicrosoftOptions, ctx: ProviderContext): SocialProvider {
  const tenant = options.tenantId ?? "common";
  const authority = (options.authority ?? "https://login.microsoftonline.com").replace(/\/+$/, "");
  const base = `${authority}/${tenant}`;
  // Multi-tenant endpoints issue tokens whose issuer names the user's own tenant.
  const checkIssuer = MULTI_TENANT.has(tenant)
    ? (payload: JWTPayload) =>
        typeof payload.tid === "string" && payload.iss === `${authority}/${payload.tid}/v2.0`
    : undefined;
  return createProvider<MicrosoftProfile>(
    {
      name: "Microsoft",
      endpoints: {
        authorization: `${base}/oauth2/v2.0/authorize`,
        token: `${base}/oauth2/v2.0/token`,
        userInfo: "https://graph.microsoft.com/oidc/userinfo",
      },
      defaultScopes: ["openid", "profile", "email", "User.Read", "offline_access"],
      pkce: true,
      idToken: {
        jwksUrl: `${base}/discovery/v2.0/keys`,
        issuer: `${base}/v2.0`,
        ...(checkIssuer ? { checkIssuer } : {}),
        audience: options.clientId,
      },
      async fetchProfile({ idToken, accessToken }) {
        const claims = decodeIdToken<MicrosoftProfile>(idToken);
        if (claims?.sub) return claims;
        return accessToken
          ? fetchJSON<MicrosoftProfile>("https://graph.microsoft.com/oidc/userinfo", { accessToken })
          : null;
      },
      toUser: (p) => ({
        id: p.sub,
        email: p.email ?? p.preferred_username ?? null,
        emailVerified: emailVerified(p),
        name: p.name ?? "",
        image: p.picture ?? null,
      }),
    },
    options,
    ctx,
  );
}
