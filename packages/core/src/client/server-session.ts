import type { Session, User } from "../kernel/models";
import { coreRoutes } from "../kernel/routes";
import { type ClientFetch, type ClientOptions, resolveBaseURL } from "./create-client";
import { type ClientResult, createFetcher, type FetchOptions } from "./fetcher";

export interface ServerSessionInit {
  /** The incoming request's headers (or the request itself): its cookie header is forwarded. */
  headers: HeadersInit | Headers;
  query?: { disableCookieCache?: boolean; disableRefresh?: boolean };
  fetchOptions?: FetchOptions;
}

function forwardedHeaders(init: ServerSessionInit): Headers {
  const incoming = new Headers(init.headers);
  const headers = new Headers(init.fetchOptions?.headers);
  const cookie = incoming.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  return headers;
}

/**
 * Reads the session on a server (SSR loaders, route handlers, middleware) by calling
 * GET /get-session with the incoming request's cookie. Takes a client (typed from it) or client
 * options; `baseURL` must be absolute there.
 *
 *   const { data } = await getServerSession(authClient, { headers: request.headers });
 */
export function getServerSession<C extends { $fetch: ClientFetch; $Infer: { Session: unknown } }>(
  client: C,
  init: ServerSessionInit,
): Promise<ClientResult<C["$Infer"]["Session"] | null>>;
export function getServerSession(
  options: Pick<ClientOptions, "baseURL" | "basePath" | "fetchOptions">,
  init: ServerSessionInit,
): Promise<ClientResult<{ user: User; session: Session } | null>>;
export function getServerSession(
  source: { $fetch: ClientFetch } | Pick<ClientOptions, "baseURL" | "basePath" | "fetchOptions">,
  init: ServerSessionInit,
): Promise<ClientResult<unknown>> {
  const route = coreRoutes.getSession;
  const fetchOptions: FetchOptions = { ...init.fetchOptions, headers: forwardedHeaders(init) };
  const query = init.query ? { ...fetchOptions.query, ...init.query } : fetchOptions.query;
  if ("$fetch" in source) return source.$fetch(route.path, { ...fetchOptions, query, method: route.method });
  const fetcher = createFetcher({ baseURL: () => resolveBaseURL(source), defaults: source.fetchOptions });
  return fetcher({ method: route.method, path: route.path, query }, fetchOptions);
}
