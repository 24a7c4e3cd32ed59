import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type AnyProviderOptions, createSocialProvider } from "../../src/auth/social/providers";
import type { SpotifyProfile } from "../../src/auth/social/providers/spotify";
import { VK_LANG } from "../../src/auth/social/providers/vk";
import type { OAuthUserInfo } from "../../src/auth/social/types";
import { createLogger } from "../../src/logger/logger";
import { createSigningKey, recorder, tokenEndpoint, useServer } from "./helpers";

const server = setupServer();
useServer(server, { beforeAll, afterEach, afterAll });

const BASE = "http://localhost:3000/api/auth";
const ctx = { baseURL: BASE, logger: createLogger({ disabled: true }), now: () => new Date() };
const provider = (id: string, options: AnyProviderOptions) => createSocialProvider(id, options, ctx);

interface Case {
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

const CASES: Case[] = [
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
    id: "spotify",
    authorize: "https://accounts.spotify.com/authorize",
    scope: "user-read-email",
    pkce: true,
    profile: {
      url: "https://api.spotify.com/v1/me",
      body: {
        id: "sp1",
        display_name: "Spot",
        email: "spot@example.com",
        images: [{ url: "https://sp/i.png" }],
      },
    },
    expected: {
      id: "sp1",
      name: "Spot",
      email: "spot@example.com",
      image: "https://sp/i.png",
      emailVerified: false,
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
    id: "twitter",
    authorize: "https://x.com/i/oauth2/authorize",
    scope: "users.read tweet.read offline.access users.email",
    pkce: true,
    profile: {
      url: "https://api.x.com/2/users/me",
      body: {
        data: {
          id: "x1",
          name: "Xavier",
          username: "xav",
          profile_image_url: "https://x/p",
          confirmed_email: "xav@example.com",
        },
      },
    },
    expected: {
      id: "x1",
      name: "Xavier",
      email: "xav@example.com",
      emailVerified: true,
      image: "https://x/p",
    },
  },
  {
    id: "dropbox",
    options: { accessType: "offline" },
    authorize: "https://www.dropbox.com/oauth2/authorize",
    scope: "account_info.read",
    pkce: true,
    params: { token_access_type: "offline" },
    profile: {
      url: "https://api.dropboxapi.com/2/users/get_current_account",
      method: "post",
      body: {
        account_id: "dbid:1",
        name: { display_name: "Dee Box" },
        email: "dee@example.com",
        email_verified: true,
      },
    },
    expected: { id: "dbid:1", name: "Dee Box", email: "dee@example.com", emailVerified: true },
  },
  {
    id: "kick",
    authorize: "https://id.kick.com/oauth/authorize",
    scope: "user:read",
    pkce: true,
    profile: {
      url: "https://api.kick.com/public/v1/users",
      body: { data: [{ user_id: 77, name: "kicker", email: "k@kick.com", profile_picture: "https://k/p" }] },
    },
    expected: { id: "77", name: "kicker", email: "k@kick.com", image: "https://k/p" },
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
    id: "tiktok",
    options: { clientKey: "tt-key" },
    authorize: "https://www.tiktok.com/v2/auth/authorize/",
    scope: "user.info.profile",
    pkce: false,
    params: { client_key: "tt-key" },
    profile: {
      url: "https://open.tiktokapis.com/v2/user/info/",
      body: { data: { user: { open_id: "tt1", display_name: "Tik", avatar_large_url: "https://tt/a" } } },
    },
    expected: { id: "tt1", name: "Tik", email: null, image: "https://tt/a" },
  },
  {
    id: "reddit",
    authorize: "https://www.reddit.com/api/v1/authorize",
    scope: "identity",
    pkce: false,
    params: { duration: "permanent" },
    profile: {
      url: "https://oauth.reddit.com/api/v1/me",
      body: { id: "rd1", name: "redditor", icon_img: "https://r/i.png?size=256", has_verified_email: true },
    },
    expected: { id: "rd1", name: "redditor", email: null, emailVerified: true, image: "https://r/i.png" },
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
  {
    id: "vk",
    options: { lang_id: VK_LANG.ENG, scheme: "dark" },
    authorize: "https://id.vk.com/authorize",
    scope: "email phone",
    pkce: true,
    params: { lang_id: "3", scheme: "dark" },
    profile: {
      url: "https://id.vk.com/oauth2/user_info",
      method: "post",
      body: {
        user: {
          user_id: "123",
          first_name: "Ivan",
          last_name: "Petrov",
          email: "ivan@vk.com",
          avatar: "https://vk/a",
        },
      },
    },
    expected: { id: "123", name: "Ivan Petrov", email: "ivan@vk.com", image: "https://vk/a" },
  },
  {
    id: "zoom",
    authorize: "https://zoom.us/oauth/authorize",
    scope: null,
    pkce: true,
    profile: {
      url: "https://api.zoom.us/v2/users/me",
      body: {
        id: "z1",
        first_name: "Zo",
        last_name: "Om",
        email: "zo@example.com",
        pic_url: "https://z/p",
        verified: 1,
      },
    },
    expected: { id: "z1", name: "Zo Om", email: "zo@example.com", emailVerified: true, image: "https://z/p" },
  },
];

describe.each(CASES)("$id provider", (c) => {
  const options = {
    clientId: "client-id",
    clientSecret: "client-secret",
    ...c.options,
  } as AnyProviderOptions;

  it("authorization URL", async () => {
    const p = provider(c.id, options);
    const url = await p.createAuthorizationURL({ state: "state-1", codeVerifier: "v".repeat(64) });
    expect(url.origin + url.pathname).toBe(c.authorize);
    const idParam = c.id === "tiktok" ? "client_key" : "client_id";
    expect(url.searchParams.get(idParam)).toBe(c.id === "tiktok" ? "tt-key" : "client-id");
    expect(url.searchParams.get("redirect_uri")).toBe(`${BASE}/callback/${c.id}`);
    expect(url.searchParams.get("state")).toBe("state-1");
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("scope")).toBe(c.id === "tiktok" ? c.scope?.replace(/ /g, ",") : c.scope);
    expect(url.searchParams.get("code_challenge_method")).toBe(c.pkce ? "S256" : null);
    for (const [key, value] of Object.entries(c.params ?? {})) expect(url.searchParams.get(key)).toBe(value);
  });

  it("profile mapping", async () => {
    const p = provider(c.id, options);
    let idToken: string | undefined;
    if (c.claims) {
      const key = await createSigningKey();
      idToken = await key.sign(c.claims, { issuer: "https://issuer.example", audience: "client-id" });
    }
    if (c.profile) {
      const { url, method = "get", body } = c.profile;
      server.use(
        http[method](url, ({ request }) =>
          request.headers.get("authorization") === "Bearer at-1" || method === "post"
            ? HttpResponse.json(body as Record<string, unknown>)
            : new HttpResponse(null, { status: 401 }),
        ),
      );
    }
    const info = await p.getUserInfo({ accessToken: "at-1", idToken });
    expect(info?.user).toMatchObject(c.expected);
    expect(info?.data).toBeTruthy();
  });
});

describe("provider specifics", () => {
  it("VK language ids are those of specification section 9", () => {
    expect(VK_LANG).toEqual({ RUS: 0, UKR: 1, ENG: 3, SPA: 4, GERMAN: 6, POL: 15, FRA: 16, TURKEY: 82 });
  });

  it("VK ID: the token request carries device_id and state; user_info is a form POST with the token", async () => {
    const rec = recorder();
    const info = recorder();
    server.use(
      tokenEndpoint("https://id.vk.com/oauth2/auth", {
        tokens: { access_token: "vk-at", expires_in: 3600, user_id: 123 },
        rec,
      }),
      http.post("https://id.vk.com/oauth2/user_info", async ({ request }) => {
        await info.record(request);
        return HttpResponse.json({ user: { user_id: "123", first_name: "Ivan" } });
      }),
    );
    const vk = provider("vk", { clientId: "vk-app", clientSecret: "vk-secret" });
    const tokens = await vk.validateAuthorizationCode({
      code: "good-code",
      codeVerifier: "c".repeat(64),
      deviceId: "dev-1",
      state: "st",
    });
    expect(rec.last()!.form.get("device_id")).toBe("dev-1");
    expect(rec.last()!.form.get("state")).toBe("st");
    expect(rec.last()!.form.get("code_verifier")).toBe("c".repeat(64));
    await vk.getUserInfo(tokens);
    expect(info.last()!.form.get("access_token")).toBe("vk-at");
    expect(info.last()!.form.get("client_id")).toBe("vk-app");
  });

  it("X, Reddit and Zoom authenticate with HTTP Basic; TikTok sends client_key", async () => {
    for (const [id, url] of [
      ["twitter", "https://api.x.com/2/oauth2/token"],
      ["reddit", "https://www.reddit.com/api/v1/access_token"],
      ["zoom", "https://zoom.us/oauth/token"],
    ] as const) {
      const rec = recorder();
      server.use(tokenEndpoint(url, { tokens: { access_token: "at" }, rec }));
      await provider(id, { clientId: "id", clientSecret: "se cret" }).validateAuthorizationCode({
        code: "good-code",
        codeVerifier: "v".repeat(64),
      });
      expect(rec.last()!.headers.get("authorization")).toBe(`Basic ${btoa("id:se+cret")}`);
      expect(rec.last()!.form.has("client_secret")).toBe(false);
    }
    const rec = recorder();
    server.use(
      tokenEndpoint("https://open.tiktokapis.com/v2/oauth/token/", {
        tokens: { access_token: "at", open_id: "o" },
        rec,
      }),
    );
    await provider("tiktok", {
      clientId: "",
      clientKey: "tt-key",
      clientSecret: "s",
    }).validateAuthorizationCode({ code: "good-code", codeVerifier: "v" });
    expect(rec.last()!.form.get("client_key")).toBe("tt-key");
    expect(rec.last()!.form.get("client_secret")).toBe("s");
  });

  it("Microsoft multi-tenant id tokens: the issuer must name the token's own tenant", async () => {
    const key = await createSigningKey();
    server.use(
      http.get("https://login.microsoftonline.com/common/discovery/v2.0/keys", () =>
        HttpResponse.json(key.jwks),
      ),
    );
    const ms = provider("microsoft", { clientId: "ms-client", clientSecret: "s" });
    const tid = "9188040d-6c67-4c5b-b112-36a304b66dad";
    const good = await key.sign(
      { sub: "u", tid },
      { issuer: `https://login.microsoftonline.com/${tid}/v2.0`, audience: "ms-client" },
    );
    const bad = await key.sign(
      { sub: "u", tid },
      { issuer: "https://login.microsoftonline.com/other/v2.0", audience: "ms-client" },
    );
    expect(await ms.verifyIdToken?.(good)).toBe(true);
    expect(await ms.verifyIdToken?.(bad)).toBe(false);
  });

  it("mapProfileToUser, disableDefaultScope, redirectURI and disableIdTokenSignIn are honoured", async () => {
    server.use(
      http.get("https://api.spotify.com/v1/me", () =>
        HttpResponse.json({ id: "sp1", display_name: "Spot", email: "s@x.com" }),
      ),
    );
    const p = provider("spotify", {
      clientId: "c",
      clientSecret: "s",
      scope: ["playlist-read-private"],
      disableDefaultScope: true,
      redirectURI: "https://app.example.com/auth/spotify",
      mapProfileToUser: (profile: SpotifyProfile) => ({
        name: `DJ ${profile.display_name}`,
        emailVerified: true,
      }),
    });
    const url = await p.createAuthorizationURL({ state: "s", codeVerifier: "v".repeat(64) });
    expect(url.searchParams.get("scope")).toBe("playlist-read-private");
    expect(url.searchParams.get("redirect_uri")).toBe("https://app.example.com/auth/spotify");
    expect((await p.getUserInfo({ accessToken: "at" }))?.user).toMatchObject({
      name: "DJ Spot",
      emailVerified: true,
    });
    expect(provider("google", { clientId: "c", disableIdTokenSignIn: true }).verifyIdToken).toBeUndefined();
    expect(provider("google", { clientId: "c" }).verifyIdToken).toBeTypeOf("function");
    expect(provider("github", { clientId: "c" }).verifyIdToken).toBeUndefined();
  });
});
