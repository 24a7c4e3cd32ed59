import type { AnyProviderOptions } from "../../src/auth/social/providers";
import type { OAuthUserInfo } from "../../src/auth/social/types";

/** One built-in provider: its authorization URL and how its profile maps to a user. */
export interface ProviderCase {
  id: string;
  options?: Partial<AnyProviderOptions> & Record<string, unknown>;
  authorize: string;
  scope: string | null;
  pkce: boolean;
  params?: Record<string, string>;
  /** The user-info endpoint and its answer (method GET unless said). */
  profile?: { url: string; method?: "get" | "post"; body: unknown };
  /** Profile from id-token claims instead. */
  claims?: Record<string, unknown>;
  expected: Partial<OAuthUserInfo>;
}

/** Providers whose profile is OpenID-style claims or a simple profile document. */
export const IDENTITY_CASES: ProviderCase[] = [
  {
    id: "facebook",
    authorize: "https://www.facebook.com/v21.0/dialog/oauth",
    scope: "email public_profile",
    pkce: false,
    profile: {
      url: "https://graph.facebook.com/v21.0/me",
      body: {
        id: "fb1",
        name: "Fay Book",
        email: "fay@example.com",
        picture: { data: { url: "https://fb/p.jpg" } },
      },
    },
    expected: {
      id: "fb1",
      name: "Fay Book",
      email: "fay@example.com",
      image: "https://fb/p.jpg",
      emailVerified: false,
    },
  },
  {
    id: "microsoft",
    options: { tenantId: "common" },
    authorize: "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
    scope: "openid profile email User.Read offline_access",
    pkce: true,
    claims: {
      sub: "ms1",
      name: "Mia Soft",
      email: "mia@contoso.com",
      verified_primary_email: ["mia@contoso.com"],
    },
    expected: { id: "ms1", name: "Mia Soft", email: "mia@contoso.com", emailVerified: true },
  },
  {
    id: "huggingface",
    authorize: "https://huggingface.co/oauth/authorize",
    scope: "openid profile email",
    pkce: true,
    profile: {
      url: "https://huggingface.co/oauth/userinfo",
      body: {
        sub: "hf1",
        preferred_username: "hugo",
        email: "hugo@hf.co",
        email_verified: true,
        picture: "https://hf/a.png",
      },
    },
    expected: {
      id: "hf1",
      name: "hugo",
      email: "hugo@hf.co",
      emailVerified: true,
      image: "https://hf/a.png",
    },
  },
  {
    id: "twitch",
    authorize: "https://id.twitch.tv/oauth2/authorize",
    scope: "user:read:email openid",
    pkce: false,
    params: {
      claims: JSON.stringify({
        id_token: { email: null, email_verified: null, picture: null, preferred_username: null },
      }),
    },
    claims: {
      sub: "tw1",
      preferred_username: "streamer",
      email: "s@twitch.tv",
      email_verified: true,
      picture: "https://t/p",
    },
    expected: {
      id: "tw1",
      name: "streamer",
      email: "s@twitch.tv",
      emailVerified: true,
      image: "https://t/p",
    },
  },
  {
    id: "linkedin",
    authorize: "https://www.linkedin.com/oauth/v2/authorization",
    scope: "profile email openid",
    pkce: false,
    profile: {
      url: "https://api.linkedin.com/v2/userinfo",
      body: {
        sub: "li1",
        given_name: "Lin",
        family_name: "Ked",
        email: "lin@example.com",
        email_verified: true,
      },
    },
    expected: { id: "li1", name: "Lin Ked", email: "lin@example.com", emailVerified: true },
  },
  {
    id: "gitlab",
    options: { issuer: "https://git.example.com/" },
    authorize: "https://git.example.com/oauth/authorize",
    scope: "read_user",
    pkce: true,
    profile: {
      url: "https://git.example.com/api/v4/user",
      body: {
        id: 5,
        username: "gl",
        name: "Git Lab",
        email: "gl@example.com",
        avatar_url: "https://g/a",
        state: "active",
        confirmed_at: "2024-01-01T00:00:00Z",
      },
    },
    expected: {
      id: "5",
      name: "Git Lab",
      email: "gl@example.com",
      emailVerified: true,
      image: "https://g/a",
    },
  },
  {
    id: "roblox",
    authorize: "https://apis.roblox.com/oauth/v1/authorize",
    scope: "openid profile",
    pkce: true,
    profile: {
      url: "https://apis.roblox.com/oauth/v1/userinfo",
      body: {
        sub: "rb1",
        name: "Rob",
        nickname: "Robby",
        preferred_username: "rob",
        picture: "https://rb/p",
      },
    },
    expected: { id: "rb1", name: "Robby", email: null, image: "https://rb/p" },
  },
];
