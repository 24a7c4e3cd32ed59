import type { TestBrowser, TestResponse } from "../../src/testing";

/** A manifest entry: what the sweep needs to call a route. */
export interface SweptRoute {
  readonly method: string | readonly string[];
  readonly path: string;
  readonly serverOnly?: boolean;
}

export interface SweepCall {
  readonly name: string;
  readonly route: SweptRoute;
  readonly variant: string;
}

export interface SweepOptions {
  /** The routes by name, in call order; server-only ones are skipped. */
  readonly routes: readonly (readonly [string, SweptRoute])[];
  /** Named bodies (sent as the query on GET, string values only). */
  readonly variants: Readonly<Record<string, Record<string, unknown>>>;
  /** The signed-in browser for one call (a shared one, or a fresh user per call). */
  readonly browser: (call: SweepCall) => TestBrowser | Promise<TestBrowser>;
  /** Path parameters (`:token`, `:id`, ...) are replaced by this. */
  readonly pathParam?: (name: string) => string;
}

const queryOf = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === "string") as [string, string][]);

async function call(browser: TestBrowser, route: SweptRoute, body: Record<string, unknown>, path: string) {
  const method = typeof route.method === "string" ? route.method : route.method[0]!;
  return method === "GET"
    ? browser.get(path, { query: queryOf(body) })
    : browser.request(path, { method, body });
}

/**
 * Spec section 8's status rule, checked route by route: calls every routed entry of `routes` with
 * each variant as a signed-in caller and answers `"<name> <variant> <status>"` for every 401 or
 * 5xx, so a test can assert the exact (usually empty) list.
 */
export async function sweepSignedIn(options: SweepOptions): Promise<string[]> {
  const param = options.pathParam ?? (() => "no-such-value");
  const found: string[] = [];
  for (const [name, route] of options.routes) {
    if (route.serverOnly) continue;
    const path = route.path.replace(/:([a-zA-Z]+)/g, (_, key: string) => param(key));
    for (const [variant, body] of Object.entries(options.variants)) {
      const browser = await options.browser({ name, route, variant });
      const res: TestResponse = await call(browser, route, body, path);
      if (res.status === 401 || res.status >= 500) found.push(`${name} ${variant} ${res.status}`);
    }
  }
  return found;
}
