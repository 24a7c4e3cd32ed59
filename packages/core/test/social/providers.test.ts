import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type AnyProviderOptions, createSocialProvider } from "../../src/auth/social/providers";
import type { SpotifyProfile } from "../../src/auth/social/providers/spotify";
import { VK_LANG } from "../../src/auth/social/providers/vk";
import { createLogger } from "../../src/logger/logger";
import { createSigningKey, recorder, tokenEndpoint, useServer } from "./helpers";
import { APP_CASES } from "./provider-cases-apps";
import { IDENTITY_CASES } from "./provider-cases-identity";

const server = setupServer();
useServer(server, { beforeAll, afterEach, afterAll });

const BASE = "http://localhost:3000/api/auth";
const ctx = { baseURL: BASE, logger: createLogger({ disabled: true }), now: () => new Date() };
const provider = (id: string, options: AnyProviderOptions) => createSocialProvider(id, options, ctx);

const CASES = [...IDENTITY_CASES, ...APP_CASES];

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
