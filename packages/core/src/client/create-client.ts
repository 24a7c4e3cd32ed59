import type { Auth } from "../create-auth";
import type { HttpMethod, RouteDef } from "../kernel/endpoint";
import { AUTH_ERROR_CODES } from "../kernel/error-codes";
import { coreRoutes } from "../kernel/routes";
import { createBroadcast } from "./broadcast";
import { type ClientResult, createFetcher, type FetchOptions } from "./fetcher";
import type { AuthClient } from "./infer";
import type { AtomMap, ClientContext, ClientPlugin } from "./plugin";
import { createQueryAtom } from "./query-atom";
import { createRouteMatcher, isGetRoute, pickMethod, routesToMethods } from "./routes-to-methods";
import { createSessionAtom, type SessionStoreOptions } from "./session-store";
import { createSignals } from "./signals";

export interface ClientOptions<P extends readonly ClientPlugin[] = readonly ClientPlugin[]> {
  /** The auth server's origin, or a full URL including the base path. Default: the page's origin. */
  baseURL?: string;
  /** Where the handler is mounted, when `baseURL` has no path. Default "/api/auth". */
  basePath?: string;
  plugins?: P;
  /** Defaults for every call; per-call `fetchOptions` add to them (hooks of both run). */
  fetchOptions?: FetchOptions;
  /** Follow `{ url, redirect: true }` answers by setting `window.location.href`. Default true. */
  redirect?: boolean;
  sessionOptions?: SessionStoreOptions;
  /** BroadcastChannel name for cross-tab refreshes, or false. Default "gatehouse". */
  broadcastChannel?: string | false;
}

/** Route-aware fetch for any path: declared verb and `invalidates`; unknown paths POST with a body, GET without. */
export type ClientFetch = <T = unknown>(
  path: string,
  options?: FetchOptions & { method?: HttpMethod; body?: unknown },
) => Promise<ClientResult<T>>;

export const DEFAULT_BASE_PATH = "/api/auth";

/** The auth base URL, resolved at call time so no `window` is touched at import or creation. */
export function resolveBaseURL(options: Pick<ClientOptions, "baseURL" | "basePath">): string {
  const trim = (s: string) => s.replace(/\/+$/, "");
  const origin = typeof window !== "undefined" ? window.location?.origin : undefined;
  const raw = options.baseURL ?? origin ?? "";
  const base = raw.startsWith("/") && origin ? origin + raw : raw;
  let hasPath = false;
  try {
    hasPath = trim(new URL(base).pathname) !== "";
  } catch {
    return base; // not absolute: the request reports INVALID_BASE_URL
  }
  return hasPath ? trim(base) : trim(base) + (options.basePath ?? DEFAULT_BASE_PATH);
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object";

/**
 * Creates the framework-neutral client. Methods come from route manifests (core's and each client
 * plugin's): the verb is the declared one and a success bumps the stores named in `invalidates`.
 * Types come from the server: `createAuthClient<typeof auth>()`.
 */
export function createAuthClient<Server = Auth, const P extends readonly ClientPlugin[] = []>(
  options: ClientOptions<P> = {},
): AuthClient<Server, P> {
  const plugins: readonly ClientPlugin[] = options.plugins ?? [];
  const fetcher = createFetcher({ baseURL: () => resolveBaseURL(options), defaults: options.fetchOptions });
  const signals = createSignals(createBroadcast(options.broadcastChannel ?? "gatehouse"));
  const routes: RouteDef[] = [
    ...Object.values(coreRoutes),
    ...plugins.flatMap((p) => Object.values(p.routes ?? {})),
  ];
  const matchRoute = createRouteMatcher(routes);

  function afterSuccess(route: RouteDef | undefined, data: unknown) {
    if (route?.invalidates?.length) signals.invalidate(route.invalidates);
    if (options.redirect === false || typeof window === "undefined") return;
    if (isRecord(data) && data.redirect === true && typeof data.url === "string")
      window.location.href = data.url;
  }

  async function send<T>(
    route: RouteDef | undefined,
    spec: { method: string; path: string; body?: unknown; query?: Record<string, unknown> },
    fetchOptions?: FetchOptions,
  ): Promise<ClientResult<T>> {
    const result = await fetcher<T>(spec, fetchOptions);
    if (result.error === null) afterSuccess(route, result.data);
    return result;
  }

  const $fetch: ClientFetch = (path, init = {}) => {
    const { method, body, ...fetchOptions } = init;
    const route = matchRoute(path);
    const verb =
      method ?? (route ? pickMethod(route, body !== undefined) : body !== undefined ? "POST" : "GET");
    return send(route, { method: verb, path, body }, fetchOptions);
  };

  const callRoute = (route: RouteDef) => (input?: unknown, extra?: FetchOptions) => {
    const { fetchOptions, ...fields } = isRecord(input) ? input : ({} as Record<string, unknown>);
    const merged = { ...(isRecord(fetchOptions) ? (fetchOptions as FetchOptions) : {}), ...extra };
    if (isGetRoute(route)) {
      const query = isRecord(fields.query) ? fields.query : undefined;
      return send(route, { method: pickMethod(route, false), path: route.path, query }, merged);
    }
    return send(route, { method: pickMethod(route, true), path: route.path, body: fields }, merged);
  };

  const $session = createSessionAtom(fetcher, signals, options.sessionOptions);
  const context: ClientContext = {
    $fetch,
    query: (load, dependsOn) => createQueryAtom(load, { signals, dependsOn }),
    signal: signals.signal,
    invalidate: signals.invalidate,
    $session,
  };
  const pluginAtoms: AtomMap = {};
  for (const plugin of plugins) Object.assign(pluginAtoms, plugin.atoms?.(context));
  const errorCodes = Object.assign({}, AUTH_ERROR_CODES, ...plugins.map((p) => p.errorCodes ?? {}));

  const client = Object.assign(routesToMethods(routes, callRoute), pluginAtoms, {
    $fetch,
    $session,
    $store: {
      atoms: { $session, ...pluginAtoms },
      signal: signals.signal,
      notify: signals.notify,
      invalidate: signals.invalidate,
    },
    $ERROR_CODES: errorCodes,
    $Infer: undefined,
  });
  return client as unknown as AuthClient<Server, P>;
}
