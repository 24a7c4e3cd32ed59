import { APIError, createEndpoint, toResponse } from "better-call";
import type { AppContext } from "../kernel/app-context";
import { isAPIError } from "../kernel/define-errors";
import type { AnyEndpoint, AuthMode } from "../kernel/endpoint";
import { AUTH_ERRORS } from "../kernel/errors";
import type { SessionWithUser } from "../kernel/models";
import { resolvePrincipal } from "../kernel/principal";
import { createRequestContext, type RequestContext, replyHeadersOf } from "../kernel/request-context";
import { fromWebRequest, type Incoming, type ReplyHeaders } from "./incoming";
import { guardInput } from "./input-guard";
import { DEFAULT_MAX_BODY_SIZE, readRequestBody } from "./read-body";
import { respond } from "./respond";
import { validate } from "./validate";

/** Redirect targets checked on every routed request (spec section 5). */
const REDIRECT_FIELDS = ["callbackURL", "redirectTo", "errorCallbackURL", "newUserCallbackURL"] as const;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** What better-call hands our handler; only the fields we read. */
interface CallContext {
  _flag?: string;
  request?: Request;
  headers?: HeadersInit | Headers;
  body?: unknown;
  query?: Record<string, unknown>;
  params?: Record<string, string>;
  responseHeaders: Headers;
}

/** Throws a 302 to `url`; cookies set on the request context travel with it. */
export function redirectTo(rc: RequestContext, url: string): APIError {
  rc.responseHeaders.set("location", url);
  return new APIError("FOUND", undefined);
}

/** A state-changing request that carries cookies must come from a trusted origin (CSRF). */
function needsOriginCheck(rc: RequestContext, method: string): boolean {
  if (SAFE_METHODS.has(method) || rc.app.options.advanced?.disableCSRFCheck) return false;
  return Boolean(rc.header("cookie"));
}

async function checkOrigin(rc: RequestContext) {
  const origin = rc.header("origin") || rc.header("referer");
  const checker = await originsFor(rc);
  let originValue: string | null = null;
  try {
    originValue = origin && origin !== "null" ? new URL(origin).origin : null;
  } catch {
    originValue = null;
  }
  if (!originValue || !checker.isTrustedOrigin(originValue)) throw AUTH_ERRORS.INVALID_ORIGIN();
}

/** Adds one redirect target to `found`; a present value that is not a string is refused. */
function collectTarget(found: string[] | undefined, value: unknown): string[] | undefined {
  if (value === undefined || value === null || value === "") return found;
  if (typeof value !== "string") throw AUTH_ERRORS.INVALID_CALLBACKURL();
  if (!found) return [value];
  found.push(value);
  return found;
}

/** The redirect targets a request carries (no closure per request: this runs on every routed call). */
function redirectTargets(sources: readonly unknown[], extra: readonly string[]): string[] | undefined {
  let found: string[] | undefined;
  for (const source of sources) {
    if (!source || typeof source !== "object") continue;
    const record = source as Record<string, unknown>;
    for (const field of REDIRECT_FIELDS) found = collectTarget(found, record[field]);
    for (const field of extra) found = collectTarget(found, record[field]);
  }
  return found;
}

/** The static checker, unless `trustedOrigins` is a function of the request (which then gets built). */
const originsFor = (rc: RequestContext) =>
  rc.app.originsFor(typeof rc.app.options.trustedOrigins === "function" ? rc.request : undefined);

/** Only requests that carry a redirect target pay for the origin checker (a function may build it). */
async function checkRedirectTargets(rc: RequestContext, targets: readonly string[]) {
  const checker = await originsFor(rc);
  for (const target of targets) if (!checker.isTrustedURL(target)) throw AUTH_ERRORS.INVALID_CALLBACKURL();
}

async function resolveAuth(
  rc: RequestContext,
  mode: AuthMode,
  query: unknown,
): Promise<SessionWithUser | null> {
  if (mode === "public") return null;
  const q = (query ?? {}) as { disableCookieCache?: boolean; disableRefresh?: boolean };
  const session = await rc.app.core.sessions.current(rc, {
    disableCookieCache: mode === "fresh-session" || mode === "fresh" || q.disableCookieCache === true,
    disableRefresh: q.disableRefresh === true,
  });
  if (mode === "optional") return session;
  if (!session) throw AUTH_ERRORS.UNAUTHORIZED();
  if (mode === "fresh" && !rc.app.core.sessions.isFresh(session)) throw AUTH_ERRORS.SESSION_IS_NOT_FRESH();
  return session;
}

/**
 * Endpoints whose query schema turns an empty query into an empty object (every field optional, no
 * defaults): most requests send no query, and they skip the schema (a fresh `{}` each time).
 */
const emptyQueryIsEmpty = new WeakMap<AnyEndpoint, boolean>();

const isEmptyRecord = (value: unknown): boolean =>
  typeof value === "object" &&
  value !== null &&
  Object.getPrototypeOf(value) === Object.prototype &&
  Object.keys(value).length === 0;

function validateQuery(ep: AnyEndpoint, input: Record<string, unknown> | undefined): unknown {
  const empty = input === undefined || isEmptyRecord(input);
  if (empty && emptyQueryIsEmpty.get(ep) === true) return {};
  const output = validate(ep.query as never, input ?? {}, "query");
  if (empty && !emptyQueryIsEmpty.has(ep)) emptyQueryIsEmpty.set(ep, isEmptyRecord(output));
  return output;
}

/** What the endpoint logic needs from a call, routed or server-side. */
interface Invocation {
  /** Routed calls: the HTTP request (its body is read here unless the endpoint takes it raw). */
  readonly incoming: Incoming | undefined;
  /** Server calls only: the body passed to `auth.api.x({ body })`. Routed calls read the request. */
  readonly body: unknown;
  readonly query: Record<string, unknown> | undefined;
  readonly params: Record<string, string>;
}

/** The endpoint's work, shared by routed requests and server calls: checks, validation, session, handler. */
async function invoke(
  app: AppContext,
  ep: AnyEndpoint,
  rc: RequestContext,
  call: Invocation,
): Promise<unknown> {
  const { incoming } = call;
  const routed = incoming !== undefined;
  if (routed && needsOriginCheck(rc, incoming.method)) await checkOrigin(rc);
  const limit = app.options.advanced?.maxBodySize ?? DEFAULT_MAX_BODY_SIZE;
  const rawBody = ep.rawBody ? undefined : routed ? await readRequestBody(incoming, limit) : call.body;
  guardInput(rawBody, "body");
  guardInput(call.query, "query");
  const body = ep.body ? validate(ep.body as never, rawBody ?? {}, "body") : rawBody;
  const query = ep.query ? validateQuery(ep, call.query) : call.query;
  if (routed) {
    const targets = redirectTargets([body, query], ep.redirectFields ?? []);
    if (targets) await checkRedirectTargets(rc, targets);
  }
  const principal = ep.principal ? await resolvePrincipal(rc) : null;
  const session = principal ? null : await resolveAuth(rc, ep.auth ?? "public", query);
  if (ep.noStore) rc.noStore();
  const context = { app, rc, body, query, params: call.params, session, principal };
  return ep.handler(Object.defineProperties(context, LAZY_REQUEST) as never);
}

/**
 * `headers` and `request` of a handler's context, as getters: the Node adapter builds the Web
 * Headers and Request only for handlers that read them. The getters are the same two functions on
 * every context (own, enumerable properties, as before): getters written in an object literal are
 * new closures per request, and V8 then gives every context a hidden class of its own, allocated
 * outside the young generation, whose pointers kept each request's objects (IncomingMessage
 * included) alive until a full collection (measured: ~1.5 KB promoted per request, 4x slower
 * scavenges).
 */
const LAZY_REQUEST: PropertyDescriptorMap = {
  headers: {
    get(this: { rc: RequestContext }) {
      return this.rc.headers;
    },
    enumerable: true,
    configurable: true,
  },
  request: {
    get(this: { rc: RequestContext }) {
      return this.rc.request;
    },
    enumerable: true,
    configurable: true,
  },
};

/** The callable better-call endpoint (`auth.api.x`), typed only as far as we use it. */
export type CompiledEndpoint = ((ctx?: Record<string, unknown>) => Promise<unknown>) & {
  readonly path: string;
  readonly options: Record<string, unknown>;
};

/**
 * A routed HTTP request, answered without better-call's per-call context: the router
 * (src/router/dispatch.ts) matched it and parsed its query. Resolves to the handler's value and the
 * response headers it set; throws what the handler threw (APIErrors included).
 */
export type RoutedEndpoint = (
  request: Incoming,
  params: Record<string, string>,
  query: Record<string, unknown>,
) => Promise<{ value: unknown; headers: ReplyHeaders }>;

/** `auth.api.x(input)`: a trusted server call with better-call's call semantics, without its per-call setup. */
export interface ServerCallInput {
  body?: unknown;
  query?: Record<string, unknown>;
  params?: Record<string, string>;
  headers?: HeadersInit | Headers;
  request?: Request;
  asResponse?: boolean;
  returnHeaders?: boolean;
}
export type ServerCall = (input?: ServerCallInput) => Promise<unknown>;

export interface Compiled {
  /** The better-call endpoint (the reference semantics the fast paths are tested against). */
  readonly endpoint: CompiledEndpoint;
  readonly call: ServerCall;
  readonly serve: RoutedEndpoint;
  readonly methods: readonly string[];
  readonly path: string;
  readonly serverOnly: boolean;
}

const makeEndpoint = createEndpoint as unknown as (
  path: string,
  options: { method: string | string[]; disableBody: boolean; metadata: Record<string, unknown> },
  handler: (ctx: unknown) => Promise<unknown>,
) => CompiledEndpoint;

/**
 * Compiles one declaration once at init: a better-call endpoint bound to the app for
 * `auth.api.x(...)` (trusted server calls, better-call's call semantics), and the routed entry the
 * HTTP router calls directly. Both run the same `invoke`.
 */
export function compileEndpoint(app: AppContext, ep: AnyEndpoint): Compiled {
  const methods = (Array.isArray(ep.route.method) ? ep.route.method : [ep.route.method]) as string[];
  const options = {
    method: methods.length === 1 ? methods[0]! : methods,
    disableBody: true,
    metadata: ep.route.serverOnly ? { SERVER_ONLY: true } : {},
  };

  const endpoint = makeEndpoint(ep.route.path, options, async (raw: unknown) => {
    const bc = raw as CallContext;
    const routed = bc._flag === "router";
    const headers =
      bc.headers instanceof Headers ? bc.headers : bc.headers ? new Headers(bc.headers) : bc.request?.headers;
    const rc = createRequestContext(app, { request: bc.request, headers, isServerCall: !routed });
    try {
      return await invoke(app, ep, rc, {
        incoming: routed && bc.request ? fromWebRequest(bc.request) : undefined,
        body: bc.body,
        query: bc.query,
        params: bc.params ?? {},
      });
    } finally {
      for (const [key, value] of rc.responseHeaders) {
        if (key === "set-cookie") bc.responseHeaders.append(key, value);
        else bc.responseHeaders.set(key, value);
      }
    }
  });

  const serve: RoutedEndpoint = async (incoming, params, query) => {
    const rc = createRequestContext(app, { incoming, isServerCall: false });
    try {
      const value = await invoke(app, ep, rc, { incoming, body: undefined, query, params });
      return { value, headers: replyHeadersOf(rc) };
    } catch (error) {
      throw new RoutedError(error, rc.responseHeaders);
    }
  };

  const call: ServerCall = async (input = {}) => {
    const headers =
      input.headers instanceof Headers
        ? input.headers
        : input.headers
          ? new Headers(input.headers)
          : input.request?.headers;
    const rc = createRequestContext(app, { request: input.request, headers, isServerCall: true });
    try {
      const value = await invoke(app, ep, rc, {
        incoming: undefined,
        body: input.body,
        query: input.query,
        params: input.params ?? {},
      });
      if (input.asResponse) return respond(value, rc.responseHeaders);
      if (input.returnHeaders) return { headers: rc.responseHeaders, response: value };
      return value;
    } catch (error) {
      // As better-call: a Response when asked for one, else the APIError is thrown to the caller.
      if (input.asResponse && isAPIError(error)) return toResponse(error, { headers: rc.responseHeaders });
      throw error;
    }
  };

  return { endpoint, serve, call, methods, path: ep.route.path, serverOnly: ep.route.serverOnly === true };
}

/** A routed call's failure, carrying the headers (cookies, location) set before it. */
export class RoutedError {
  constructor(
    readonly error: unknown,
    readonly headers: Headers,
  ) {}
}
