import { memoryAdapter } from "./adapters/memory";
import { coreEndpoints } from "./auth/endpoints";
import { buildSchema } from "./context/build-schema";
import { createAppContext } from "./create-app-context";
import type { AppContext } from "./kernel/app-context";
import type { AnyEndpoint, EndpointMap } from "./kernel/endpoint";
import { AUTH_ERRORS } from "./kernel/errors";
import type { AuthOptions } from "./kernel/options";
import { createRateLimiter } from "./rate-limit";
import { type Compiled, compileEndpoint } from "./router/compile";
import { createDispatcher } from "./router/dispatch";
import {
  type Answer,
  declaredTooLarge,
  fromWebRequest,
  type Incoming,
  type ServesIncoming,
  serveIncoming,
  toWebResponse,
} from "./router/incoming";
import { DEFAULT_MAX_BODY_SIZE } from "./router/read-body";
import type { AuthEndpoints, InferAPI, InferSession, InferUser, PluginServices } from "./types/infer";

export interface AuthBase<O extends AuthOptions = AuthOptions> {
  /** Web-standard handler: mount it under the base path (Hono, Next.js route handlers, Bun, Deno). */
  handler(request: Request): Promise<Response>;
  /** Every endpoint as a trusted server call: `auth.api.getSession({ headers })`. */
  api: InferAPI<AuthEndpoints<O>>;
  $context: AppContext;
  options: O;
  /** Types only: `typeof auth.$Infer.Session`. */
  $Infer: { Session: { session: InferSession<O>; user: InferUser<O> }; User: InferUser<O> };
  /** Settles when plugin setup has finished (the handler and api wait for it themselves). */
  ready: Promise<void>;
}

/** The auth instance: handler, api, context, plus each plugin's services by id (`auth.billing`). */
export type Auth<O extends AuthOptions = AuthOptions> = AuthBase<O> &
  ([PluginServices<O>] extends [never] ? {} : PluginServices<O>);

const RESERVED = new Set(["handler", "api", "$context", "options", "$Infer", "ready"]);

function collectEndpoints(options: AuthOptions): Record<string, AnyEndpoint> {
  const all: Record<string, AnyEndpoint> = { ...(coreEndpoints as EndpointMap) };
  const owner = new Map<string, string>(Object.keys(all).map((k) => [k, "core"]));
  const routes = new Map<string, string>();
  const routeKey = (ep: AnyEndpoint) =>
    (Array.isArray(ep.route.method) ? ep.route.method : [ep.route.method]).map(
      (m) => `${m} ${ep.route.path}`,
    );
  for (const [key, ep] of Object.entries(all)) for (const r of routeKey(ep)) routes.set(r, `core.${key}`);
  const seenPlugins = new Set<string>();
  for (const plugin of options.plugins ?? []) {
    if (seenPlugins.has(plugin.id)) throw new Error(`Plugin "${plugin.id}" is installed twice.`);
    if (RESERVED.has(plugin.id)) throw new Error(`Plugin id "${plugin.id}" is reserved; choose another id.`);
    seenPlugins.add(plugin.id);
    for (const [key, ep] of Object.entries(plugin.endpoints ?? {})) {
      if (owner.has(key)) {
        throw new Error(
          `Plugin "${plugin.id}" declares endpoint "${key}", already declared by "${owner.get(key)}".`,
        );
      }
      for (const r of routeKey(ep)) {
        if (routes.has(r)) {
          throw new Error(`Plugin "${plugin.id}" route "${r}" conflicts with ${routes.get(r)}.`);
        }
        routes.set(r, `${plugin.id}.${key}`);
      }
      owner.set(key, plugin.id);
      all[key] = ep;
    }
  }
  for (const plugin of options.plugins ?? []) {
    for (const required of plugin.requires ?? []) {
      if (!seenPlugins.has(required)) {
        throw new Error(`Plugin "${plugin.id}" requires the "${required}" plugin; add it to \`plugins\`.`);
      }
    }
  }
  return all;
}

/**
 * Creates the auth instance. Everything that can be prepared is prepared here, once: schema,
 * adapter, keys, endpoint table and router. Per-request work is only what the request needs.
 */
export function createAuth<const O extends AuthOptions>(options: O): Auth<O> {
  const endpoints = collectEndpoints(options);
  const schema = buildSchema(options);
  const adapter = (options.database ?? memoryAdapter()).create({ schema, now: options.advanced?.now });
  const app = createAppContext(options, schema, adapter);

  const services = app.services as Record<string, unknown>;
  for (const plugin of app.plugins) if (plugin.services) services[plugin.id] = plugin.services(app);
  const ready = (async () => {
    for (const plugin of app.plugins) await plugin.setup?.(app);
  })();
  ready.catch((error: unknown) => app.logger.error("Plugin setup failed", error));
  // Once setup has finished, requests stop waiting a microtask on it.
  let isReady = false;
  ready.then(
    () => {
      isReady = true;
    },
    () => undefined,
  );
  Object.freeze(app);

  const compiled: Record<string, Compiled> = {};
  for (const [key, ep] of Object.entries(endpoints)) compiled[key] = compileEndpoint(app, ep);

  // The route table is built here, once; server-only endpoints are not routed.
  const router = createDispatcher(Object.values(compiled), {
    basePath: app.basePath,
    onError(error) {
      app.logger.error("Unhandled error", error);
      options.onAPIError?.(error);
      return Response.json(
        { message: "Internal Server Error", code: "INTERNAL_SERVER_ERROR" },
        { status: 500 },
      );
    },
  });

  // Routed HTTP requests only: server calls (`auth.api.x`) are never rate limited.
  const rateLimiter = createRateLimiter(app);
  const routePrefix = app.basePath === "/" ? "" : app.basePath;
  const maxBodySize = options.advanced?.maxBodySize ?? DEFAULT_MAX_BODY_SIZE;

  const api: Record<string, (input?: Record<string, unknown>) => Promise<unknown>> = {};
  for (const [key, { call }] of Object.entries(compiled)) {
    api[key] = async (input) => {
      if (!isReady) await ready;
      return call(input);
    };
  }

  // The routed entry: the Web handler wraps its Request, the Node adapter starts from IncomingMessage.
  const serve = async (incoming: Incoming): Promise<Answer> => {
    if (!isReady) await ready;
    if (rateLimiter.enabled) {
      // The path as the router matches it: relative to the base path (other paths are 404s).
      const pathname = incoming.target?.pathname ?? new URL(incoming.url).pathname;
      if (pathname.startsWith(`${routePrefix}/`)) {
        const limited = await rateLimiter.check(incoming, pathname.slice(routePrefix.length));
        if (limited) return limited;
      }
    }
    // Declared oversize bodies are refused before any endpoint runs (raw-body endpoints included).
    if (incoming.hasBody && declaredTooLarge(incoming.header("content-length"), maxBodySize)) {
      const spec = AUTH_ERRORS.REQUEST_BODY_TOO_LARGE;
      return Response.json({ message: spec.message, code: spec.code }, { status: spec.status });
    }
    return router.handle(incoming);
  };

  const auth: AuthBase<O> & ServesIncoming = {
    async handler(request) {
      return toWebResponse(await serve(fromWebRequest(request)));
    },
    [serveIncoming]: serve,
    api: api as unknown as InferAPI<AuthEndpoints<O>>,
    $context: app,
    options,
    $Infer: undefined as never,
    ready,
  };
  return Object.assign(auth, app.services) as unknown as Auth<O>;
}
