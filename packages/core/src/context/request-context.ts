import type { SessionWithUser } from "../auth/models";
import { type CookieAttributes, parseCookieHeader, serializeCookie } from "../cookies/serialize";
import type { AppContext } from "./app-context";

/**
 * Per-request state, created for each HTTP request or server call and never shared. The
 * AppContext (frozen, app-wide) is reached through `app`.
 */
export interface RequestContext {
  readonly app: AppContext;
  readonly request: Request | undefined;
  readonly headers: Headers;
  readonly responseHeaders: Headers;
  /** True for `auth.api.x(...)` calls made by trusted server code (not routed HTTP). */
  readonly isServerCall: boolean;
  getCookie(name: string): string | null;
  setCookie(name: string, value: string, attrs?: CookieAttributes): void;
  deleteCookie(name: string, attrs?: CookieAttributes): void;
  /** The client IP from the configured headers, or null. */
  ip(): string | null;
  /** Resolved session, memoised for the request (undefined = not looked up yet). */
  session: SessionWithUser | null | undefined;
}

export function createRequestContext(
  app: AppContext,
  init: { request?: Request; headers?: Headers; isServerCall: boolean },
): RequestContext {
  const headers = init.headers ?? init.request?.headers ?? new Headers();
  const responseHeaders = new Headers();
  let cookies: Map<string, string> | undefined;
  return {
    app,
    request: init.request,
    headers,
    responseHeaders,
    isServerCall: init.isServerCall,
    session: undefined,
    getCookie(name) {
      cookies ??= parseCookieHeader(headers.get("cookie"));
      return cookies.get(name) ?? null;
    },
    setCookie(name, value, attrs) {
      responseHeaders.append(
        "set-cookie",
        serializeCookie(name, value, { ...app.cookies.attributes, ...attrs }),
      );
    },
    deleteCookie(name, attrs) {
      responseHeaders.append(
        "set-cookie",
        serializeCookie(name, "", { ...app.cookies.attributes, ...attrs, maxAge: 0 }),
      );
    },
    ip() {
      for (const header of app.ipAddressHeaders) {
        const value = headers.get(header);
        if (value) return value.split(",")[0]!.trim() || null;
      }
      return null;
    },
  };
}
