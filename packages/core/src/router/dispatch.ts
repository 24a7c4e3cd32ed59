import { toResponse } from "better-call";
import { isAPIError } from "../kernel/define-errors";
import { type Compiled, type RoutedEndpoint, RoutedError } from "./compile";
import type { Answer, Incoming, Reply } from "./incoming";
import { reply } from "./respond";

/*
 * The HTTP router: the route table is built once at init, and a request costs a map lookup (static
 * paths) or a scan of the few parameterised routes, then the endpoint's routed entry. It answers
 * exactly as better-call's router did (404s, trailing slashes, query arrays, error responses), minus
 * better-call's per-request context (validation pass, cookie parsing, a dozen closures, header
 * copies) that our endpoints never used: they parse cookies, validate and set headers themselves.
 */

type Segment = { readonly literal: string } | { readonly param: string };

interface Route {
  readonly serve: RoutedEndpoint;
  /** The declared path; a trailing slash must match it (as in better-call). */
  readonly path: string;
}

interface ParamRoute extends Route {
  readonly method: string;
  readonly segments: readonly Segment[];
}

export interface Dispatcher {
  handle(request: Incoming): Promise<Answer>;
}

export interface DispatcherOptions {
  readonly basePath: string;
  /** Unexpected (non-API) errors: return the response to send. */
  onError(error: unknown, request: Incoming): Response | undefined;
}

const notFound = (): Reply => ({ status: 404, statusText: "Not Found", headers: [], body: null });

/** rou3's key for a path: one trailing slash is not part of it. */
const routeKey = (path: string) => (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path);

const splitSegments = (path: string) => routeKey(path).split("/").slice(1);

/** Static segments sort before parameters at the first difference: rou3's match order. */
function compareSpecificity(a: ParamRoute, b: ParamRoute): number {
  const n = Math.min(a.segments.length, b.segments.length);
  for (let i = 0; i < n; i++) {
    const pa = "param" in a.segments[i]! ? 1 : 0;
    const pb = "param" in b.segments[i]! ? 1 : 0;
    if (pa !== pb) return pa - pb;
  }
  return 0;
}

/** Splits a serialised request URL into path and query without a URL parse (http and https URLs). */
function splitURL(url: string): { pathname: string; search: string } {
  const scheme = url.startsWith("https://") ? 8 : url.startsWith("http://") ? 7 : -1;
  if (scheme < 0) {
    const parsed = new URL(url);
    return { pathname: parsed.pathname, search: parsed.search };
  }
  let start = url.indexOf("/", scheme);
  const hash = url.indexOf("#", scheme);
  const end = hash < 0 ? url.length : hash;
  const question = url.indexOf("?", scheme);
  const queryAt = question >= 0 && question < end ? question : -1;
  if (start < 0 || start > end || (queryAt >= 0 && start > queryAt)) start = queryAt >= 0 ? queryAt : end;
  const pathEnd = queryAt >= 0 ? queryAt : end;
  return {
    pathname: start === pathEnd ? "/" : url.slice(start, pathEnd),
    search: queryAt >= 0 ? url.slice(queryAt, end) : "",
  };
}

/**
 * The query as better-call builds it: a repeated key becomes an array of its values, `__proto__` is
 * dropped. One deliberate difference: better-call tests `key in query`, so `?constructor=x` became
 * `[Object, "x"]`; here a key only collides with itself.
 */
function parseQuery(search: string): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  if (search.length <= 1) return query;
  for (const [key, value] of new URLSearchParams(search)) {
    if (key === "__proto__") continue;
    const existing = Object.hasOwn(query, key) ? query[key] : undefined;
    query[key] =
      existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return query;
}

export function createDispatcher(endpoints: Iterable<Compiled>, options: DispatcherOptions): Dispatcher {
  const basePath = options.basePath !== "/" ? options.basePath.replace(/\/+$/, "") : "";
  const staticRoutes = new Map<string, Map<string, Route>>();
  const paramRoutes: ParamRoute[] = [];
  for (const ep of endpoints) {
    if (ep.serverOnly) continue;
    const segments: Segment[] = splitSegments(ep.path).map((s) =>
      s.startsWith(":") ? { param: s.slice(1) } : { literal: s },
    );
    const isStatic = segments.every((s) => "literal" in s);
    for (const method of ep.methods) {
      const route = { serve: ep.serve, path: ep.path };
      if (isStatic) {
        const byMethod = staticRoutes.get(routeKey(ep.path)) ?? new Map<string, Route>();
        if (!byMethod.has(method)) byMethod.set(method, route);
        staticRoutes.set(routeKey(ep.path), byMethod);
      } else {
        paramRoutes.push({ ...route, method, segments });
      }
    }
  }
  // Stable sort: routes of equal specificity keep their declaration order.
  paramRoutes.sort(compareSpecificity);

  const find = (method: string, path: string): { route: Route; params: Record<string, string> } | null => {
    const key = routeKey(path);
    const route = staticRoutes.get(key)?.get(method);
    if (route) return { route, params: {} };
    if (paramRoutes.length === 0) return null;
    const parts = key.split("/").slice(1);
    for (const candidate of paramRoutes) {
      if (candidate.method !== method || candidate.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let matched = true;
      for (let i = 0; i < parts.length; i++) {
        const segment = candidate.segments[i]!;
        const part = parts[i]!;
        if ("literal" in segment) {
          if (segment.literal !== part) {
            matched = false;
            break;
          }
        } else if (part === "") {
          matched = false;
          break;
        } else {
          params[segment.param] = part;
        }
      }
      if (matched) return { route: candidate, params };
    }
    return null;
  };

  return {
    async handle(request) {
      const { pathname, search } = request.target ?? splitURL(request.url);
      let path: string;
      if (basePath) {
        if (!pathname.startsWith(`${basePath}/`)) return notFound();
        path = pathname.slice(basePath.length);
      } else {
        path = pathname;
      }
      if (path.length === 0 || path.includes("//")) return notFound();
      const match = find(request.method, path);
      if (!match || path.endsWith("/") !== match.route.path.endsWith("/")) return notFound();
      try {
        const { value, headers } = await match.route.serve(request, match.params, parseQuery(search));
        return reply(value, headers);
      } catch (caught) {
        const routed = caught instanceof RoutedError ? caught : null;
        const error = routed ? routed.error : caught;
        // API errors answer with their status and body, and keep the cookies set before them.
        if (isAPIError(error)) return toResponse(error, routed ? { headers: routed.headers } : undefined);
        const response = options.onError(error, request);
        if (response) return response;
        return new Response(null, { status: 500, statusText: "Internal Server Error" });
      }
    },
  };
}
