import { type Auth, createAuth } from "../create-auth";
import { fastTestHasher } from "../crypto/password";
import type { AuthOptions } from "../kernel/options";

export interface TestRequestInit {
  method?: string;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** Send the jar's cookies (default true). */
  cookies?: boolean;
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON body, or the text when the body is not JSON. */
  data: T;
  /** Set-Cookie values of this response, by cookie name. */
  setCookies: Map<string, { value: string; attributes: string }>;
}

/**
 * An in-process browser stand-in: sends requests straight to `auth.handler` (no network), keeps
 * cookies like a browser does (Set-Cookie in, Cookie out; Max-Age=0 deletes) and sends an Origin
 * header of the app so that the CSRF check passes as it would for the real front end.
 */
export function createTestBrowser(auth: Pick<Auth, "handler" | "$context">, origin?: string) {
  const jar = new Map<string, string>();
  const base = auth.$context.baseURL;
  const appOrigin = origin ?? auth.$context.origin;

  async function request<T = unknown>(path: string, init: TestRequestInit = {}): Promise<TestResponse<T>> {
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
    const method = init.method ?? (init.body === undefined ? "GET" : "POST");
    const headers = new Headers(init.headers);
    if (!headers.has("origin") && method !== "GET") headers.set("origin", appOrigin);
    if (init.cookies !== false && jar.size > 0) {
      headers.set("cookie", [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; "));
    }
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
    }
    const response = await auth.handler(new Request(url, { method, headers, body, redirect: "manual" }));
    const setCookies = new Map<string, { value: string; attributes: string }>();
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...rest] = cookie.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = decodeURIComponent(pair.slice(eq + 1).trim());
      const attributes = rest.join(";").trim();
      setCookies.set(name, { value, attributes });
      if (/max-age=0(;|$)/i.test(attributes) || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    const text = await response.text();
    let data: unknown = text;
    try {
      data = text === "" ? null : JSON.parse(text);
    } catch {
      data = text;
    }
    return { status: response.status, headers: response.headers, data: data as T, setCookies };
  }

  return {
    request,
    get: <T = unknown>(path: string, init: Omit<TestRequestInit, "method"> = {}) =>
      request<T>(path, { ...init, method: "GET" }),
    post: <T = unknown>(path: string, body?: unknown, init: Omit<TestRequestInit, "method" | "body"> = {}) =>
      request<T>(path, { ...init, method: "POST", body: body ?? {} }),
    cookies: jar,
    /** The Cookie header this browser would send (for server calls: `auth.api.x({ headers })`). */
    cookieHeader: () => [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; "),
    headers: () =>
      new Headers({ cookie: [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ") }),
    clear: () => jar.clear(),
  };
}

export type TestBrowser = ReturnType<typeof createTestBrowser>;

/**
 * An auth instance for tests: memory database unless given, email/password on, fixed secret and
 * base URL. Passwords are hashed with scrypt at a small cost (same code path and format) unless
 * `realPasswordHashing` is set or the options bring their own hasher.
 */
export function createTestAuth<const O extends AuthOptions>(
  options: O = {} as O,
  testing: { realPasswordHashing?: boolean } = {},
) {
  const hasher = testing.realPasswordHashing ? undefined : fastTestHasher();
  const auth = createAuth({
    baseURL: "http://localhost:3000",
    secret: "test-secret-0123456789-0123456789-abcdef",
    ...options,
    emailAndPassword: {
      enabled: true,
      ...(hasher ? { password: { hash: hasher.hash, verify: hasher.verify } } : {}),
      ...options.emailAndPassword,
    },
  } as O);
  const browser = () => createTestBrowser(auth);

  /** Signs up a user in a fresh browser and returns both. */
  async function signUp(
    user: { email?: string; password?: string; name?: string } & Record<string, unknown> = {},
  ) {
    const b = browser();
    const email = user.email ?? `user-${Math.random().toString(36).slice(2)}@example.com`;
    const password = user.password ?? "correct-horse-battery";
    const res = await b.post<{ token: string | null; user: { id: string; email: string } }>(
      "/sign-up/email",
      {
        name: "Test User",
        ...user,
        email,
        password,
      },
    );
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.data)}`);
    return { browser: b, user: res.data.user, email, password, token: res.data.token };
  }

  return { auth, browser, signUp };
}
