import { VK_LANG } from "../../src/auth/social/providers/vk";
import type { ProviderCase } from "./provider-cases-identity";

/** Providers with app-style APIs and their quirks (client_key, Basic auth, POST user info). */
export const APP_CASES: ProviderCase[] = [
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
