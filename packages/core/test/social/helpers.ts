import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { HttpResponse, http } from "msw";
import type { SetupServerApi } from "msw/node";
import type { AuthOptions } from "../../src/kernel/options";
import { createTestAuth, type TestBrowser } from "../../src/testing";

export type ErrorBody = { message: string; code: string };

/** A movable clock for `advanced.now`. */
export function createClock(start = Date.now()) {
  let now = start;
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
    set: (at: number) => {
      now = at;
    },
    get ms() {
      return now;
    },
  };
}

/** An RSA key pair with its public JWKS, for a fake identity provider's id tokens. */
export async function createSigningKey(kid = "test-key") {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  return {
    jwks: { keys: [jwk] },
    sign(claims: JWTPayload, opts: { issuer: string; audience: string; expiresIn?: string | number }) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid })
        .setIssuer(opts.issuer)
        .setAudience(opts.audience)
        .setIssuedAt()
        .setExpirationTime(opts.expiresIn ?? "1h")
        .sign(privateKey);
    },
  };
}

export interface RecordedRequest {
  url: URL;
  headers: Headers;
  form: URLSearchParams;
}

/** Records the form bodies a fake token endpoint receives. */
export function recorder() {
  const requests: RecordedRequest[] = [];
  return {
    requests,
    last: () => requests[requests.length - 1],
    async record(request: Request) {
      const form = new URLSearchParams(await request.text());
      const entry = { url: new URL(request.url), headers: request.headers, form };
      requests.push(entry);
      return entry;
    },
  };
}

/**
 * A token endpoint: `authorization_code` with code "good-code" (or any code in `codes`) answers
 * `tokens`; `refresh_token` answers `refreshed`; anything else is a 400 invalid_grant.
 */
export function tokenEndpoint(
  url: string,
  opts: {
    tokens: Record<string, unknown> | (() => Record<string, unknown>);
    refreshed?: Record<string, unknown>;
    rec?: ReturnType<typeof recorder>;
    codes?: string[];
  },
) {
  return http.post(url, async ({ request }) => {
    const rec = opts.rec ?? recorder();
    const { form } = await rec.record(request);
    const grant = form.get("grant_type");
    if (grant === "authorization_code" && (opts.codes ?? ["good-code"]).includes(form.get("code") ?? "")) {
      return HttpResponse.json(typeof opts.tokens === "function" ? opts.tokens() : opts.tokens);
    }
    if (grant === "refresh_token" && opts.refreshed) return HttpResponse.json(opts.refreshed);
    return HttpResponse.json({ error: "invalid_grant", error_description: "bad code" }, { status: 400 });
  });
}

export const GITHUB_TOKEN = "https://github.com/login/oauth/access_token";

/** GitHub's token, user and emails endpoints for one user. */
export function githubHandlers(opts: {
  id?: number;
  email?: string | null;
  verified?: boolean;
  name?: string;
  accessToken?: string;
  refreshToken?: string;
  expiresIn?: number;
  rec?: ReturnType<typeof recorder>;
  refreshed?: Record<string, unknown>;
}) {
  const email = opts.email === undefined ? "octo@example.com" : opts.email;
  return [
    tokenEndpoint(GITHUB_TOKEN, {
      tokens: {
        access_token: opts.accessToken ?? "gho_access",
        token_type: "bearer",
        scope: "read:user,user:email",
        ...(opts.refreshToken ? { refresh_token: opts.refreshToken } : {}),
        ...(opts.expiresIn ? { expires_in: opts.expiresIn } : {}),
      },
      refreshed: opts.refreshed,
      rec: opts.rec,
    }),
    http.get("https://api.github.com/user", ({ request }) => {
      if (!request.headers.get("authorization")?.startsWith("Bearer "))
        return new HttpResponse(null, { status: 401 });
      return HttpResponse.json({
        id: opts.id ?? 1001,
        login: "octocat",
        name: opts.name ?? "The Octocat",
        email: null,
        avatar_url: "https://avatars.example.com/octocat.png",
      });
    }),
    http.get("https://api.github.com/user/emails", () =>
      HttpResponse.json(email ? [{ email, primary: true, verified: opts.verified ?? true }] : []),
    ),
  ];
}

/** A test app with the given providers and a movable clock. */
export function socialAuth(options: AuthOptions = {}, clock = createClock()) {
  const t = createTestAuth({
    logger: { disabled: true },
    ...options,
    advanced: { ...options.advanced, now: clock.now },
  });
  return { ...t, clock };
}

export const github = { clientId: "gh-client", clientSecret: "gh-secret" };

/** Starts a social sign-in in `browser` and returns the authorization URL and its state. */
export async function start(browser: TestBrowser, body: Record<string, unknown>, path = "/sign-in/social") {
  const res = await browser.post<{ url: string; redirect: boolean }>(path, body);
  if (res.status !== 200) throw new Error(`${path} failed: ${res.status} ${JSON.stringify(res.data)}`);
  const url = new URL(res.data.url);
  return { res, url, state: url.searchParams.get("state") ?? "" };
}

/** The callback the provider would send the browser to; returns the redirect target. */
export async function callback(browser: TestBrowser, provider: string, query: Record<string, string>) {
  const res = await browser.get(`/callback/${provider}`, { query });
  return { res, location: res.headers.get("location") ?? "" };
}

/** Redirect target's query parameters. */
export const queryOf = (location: string) => new URL(location, "http://localhost:3000").searchParams;

export function useServer(
  server: SetupServerApi,
  hooks: {
    beforeAll: (f: () => void) => void;
    afterEach: (f: () => void) => void;
    afterAll: (f: () => void) => void;
  },
) {
  hooks.beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  hooks.afterEach(() => server.resetHandlers());
  hooks.afterAll(() => server.close());
}

/** Starts a GitHub sign-in (callback /home, errors to /oops) and returns the app, browser and state. */
export async function githubFlow(options: AuthOptions = {}, body: Record<string, unknown> = {}) {
  const t = socialAuth({ socialProviders: { github }, ...options });
  const b = t.browser();
  const s = await start(b, { provider: "github", callbackURL: "/home", errorCallbackURL: "/oops", ...body });
  return { ...t, b, state: s.state };
}
