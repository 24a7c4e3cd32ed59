import type { Auth } from "../create-auth";

export interface TestFetchOptions {
  /** Origin header sent with unsafe requests (CSRF check). Default: the app's origin. */
  origin?: string;
  /** Share a cookie jar between several fetches (two tabs of one browser). */
  jar?: Map<string, string>;
}

/**
 * A `fetch` that sends requests straight to `auth.handler` (no network) and keeps cookies like a
 * browser: Set-Cookie in, Cookie out, Max-Age=0 deletes. Give it to the client:
 *
 *   const { fetch } = createTestFetch(auth);
 *   const client = createAuthClient<typeof auth>({ baseURL: "http://localhost:3000", fetchOptions: { fetch } });
 */
export function createTestFetch(auth: Pick<Auth, "handler" | "$context">, options: TestFetchOptions = {}) {
  const jar = options.jar ?? new Map<string, string>();
  const origin = options.origin ?? auth.$context.origin;
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ");

  async function fetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    if (jar.size > 0) headers.set("cookie", cookieHeader());
    if (!headers.has("origin") && request.method !== "GET") headers.set("origin", origin);
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.text();
    const response = await auth.handler(
      new Request(request.url, { method: request.method, headers, body, redirect: "manual" }),
    );
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...rest] = cookie.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = decodeURIComponent(pair.slice(eq + 1).trim());
      if (/max-age=0(;|$)/i.test(rest.join(";").trim()) || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }

  return { fetch, jar, cookieHeader };
}
