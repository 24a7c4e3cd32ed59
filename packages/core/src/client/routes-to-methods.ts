import type { HttpMethod, RouteDef } from "../kernel/endpoint";

/** "sign-in" -> "signIn": one path segment as a method key (better-auth's naming). */
export function segmentKey(segment: string): string {
  return segment.replace(/-+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
}

const isParam = (segment: string) => segment.startsWith(":") || segment.includes("*");

/** "/sign-in/email" -> ["signIn", "email"]; null for paths with parameters (reach them via `$fetch`). */
export function routeKeys(path: string): string[] | null {
  const segments = path.split("/").filter(Boolean);
  if (segments.length === 0 || segments.some(isParam)) return null;
  return segments.map(segmentKey);
}

export const routeMethods = (route: RouteDef): readonly HttpMethod[] =>
  Array.isArray(route.method) ? route.method : [route.method as HttpMethod];

/** The verb for a call: the declared one; for multi-verb routes, a body picks the first non-GET. */
export function pickMethod(route: RouteDef, hasBody: boolean): HttpMethod {
  const methods = routeMethods(route);
  const first = methods[0] ?? "GET";
  if (methods.length === 1) return first;
  return (hasBody ? methods.find((m) => m !== "GET") : methods.find((m) => m === "GET")) ?? first;
}

export const isGetRoute = (route: RouteDef) => routeMethods(route).every((m) => m === "GET");

/** Finds the declared route of a path, parameters (`/reset-password/:token`) included. */
export function createRouteMatcher(routes: readonly RouteDef[]) {
  const exact = new Map<string, RouteDef>();
  const patterns: { regex: RegExp; route: RouteDef }[] = [];
  for (const route of routes) {
    const segments = route.path.split("/");
    if (!segments.some(isParam)) {
      exact.set(route.path, route);
      continue;
    }
    const source = segments
      .map((s) => (isParam(s) ? "[^/]+" : s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
      .join("/");
    patterns.push({ regex: new RegExp(`^${source}$`), route });
  }
  return (path: string): RouteDef | undefined => {
    const bare = path.split("?")[0] ?? path;
    return exact.get(bare) ?? patterns.find((p) => p.regex.test(bare))?.route;
  };
}

interface Node {
  route?: RouteDef;
  children: Map<string, Node>;
}

/**
 * Builds the nested method object from route declarations: `/sign-in/email` becomes
 * `signIn.email(...)`, `/delete-user` and `/delete-user/callback` become `deleteUser(...)` and
 * `deleteUser.callback(...)`. Server-only and client-hidden routes, and routes with path parameters, are left out.
 */
export function routesToMethods<F>(
  routes: readonly RouteDef[],
  toMethod: (route: RouteDef) => F,
): Record<string, unknown> {
  const root: Node = { children: new Map() };
  for (const route of routes) {
    if (route.serverOnly || route.clientHidden) continue;
    const keys = routeKeys(route.path);
    if (!keys) continue;
    let node = root;
    for (const key of keys) {
      const child = node.children.get(key) ?? { children: new Map() };
      node.children.set(key, child);
      node = child;
    }
    node.route = route;
  }
  const build = (node: Node): object => {
    const target: object = node.route ? (toMethod(node.route) as object) : {};
    for (const [key, child] of node.children) {
      // defineProperty: a function's own `name` and `length` are read-only for plain assignment.
      Object.defineProperty(target, key, { value: build(child), enumerable: true, configurable: true });
    }
    return target;
  };
  return build(root) as Record<string, unknown>;
}
