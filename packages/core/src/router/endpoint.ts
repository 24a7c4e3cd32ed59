import type { z } from "zod";
import type { SessionWithUser } from "../auth/models";
import type { AppContext } from "../context/app-context";
import type { Principal } from "../context/principal";
import type { RequestContext } from "../context/request-context";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A route: method, path and what the client refreshes after it succeeds. Route manifests are plain
 * data with no imports, so the browser client can use the same declarations as the server.
 */
export interface RouteDef {
  readonly method: HttpMethod | readonly HttpMethod[];
  readonly path: string;
  /** Client stores to refresh after success (e.g. "session"). */
  readonly invalidates?: readonly string[];
  /** Not routed over HTTP; callable only in-process as `auth.api.x(...)`. */
  readonly serverOnly?: boolean;
  /** Routed over HTTP, but not offered as a client method (better-auth hides these from its client). */
  readonly clientHidden?: boolean;
}

export type RouteManifest = Readonly<Record<string, RouteDef>>;

/**
 * - public: no session needed.
 * - optional: the session is resolved if present.
 * - session: 401 without a session.
 * - fresh-session: like session, re-read from the store (cookie cache bypassed).
 * - fresh: session whose last update is within `session.freshAge`, else 403 "Session is not fresh".
 */
export type AuthMode = "public" | "optional" | "session" | "fresh-session" | "fresh";

export type SessionFor<A extends AuthMode> = A extends "public"
  ? null
  : A extends "optional"
    ? SessionWithUser | null
    : SessionWithUser;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
export type In<S> = S extends z.ZodType ? z.input<S> : undefined;

export interface EndpointContext<B, Q, A extends AuthMode> {
  readonly app: AppContext;
  readonly rc: RequestContext;
  readonly body: Out<B>;
  readonly query: Out<Q>;
  readonly params: Readonly<Record<string, string>>;
  readonly session: SessionFor<A>;
  /** The session-less caller (an API key) when the endpoint accepts principals, else null. */
  readonly principal: Principal | null;
  readonly headers: Headers;
  readonly request: Request | undefined;
}

export interface EndpointConfig<B, Q, A extends AuthMode, O> {
  readonly body?: B;
  readonly query?: Q;
  /** Default "public". */
  readonly auth?: A;
  /**
   * Accept a session-less principal (an API key header, resolved by a plugin's `resolvePrincipal`)
   * as well as a session: pair with auth "optional" and authorise from `principal` when no session.
   */
  readonly principal?: boolean;
  /** Body fields holding redirect targets that must be trusted (checked after validation). */
  readonly redirectFields?: readonly string[];
  /** Leave the request body unread for the handler (webhooks verify signatures over raw bytes). */
  readonly rawBody?: boolean;
  /** Answer with `Cache-Control: no-store` (session and token responses). */
  readonly noStore?: boolean;
  // Method syntax on purpose: parameters stay bivariant, so every endpoint fits `AnyEndpoint`.
  handler(ctx: EndpointContext<B, Q, A>): Promise<O> | O;
  readonly description?: string;
  /** The success body's schema: documentation for the OpenAPI document, never checked at run time. */
  readonly response?: z.ZodType;
  /** What a success answers, for the OpenAPI document: JSON by default; pages, redirects, files. */
  readonly produces?: readonly ("json" | "html" | "redirect" | "file")[];
}

export interface Endpoint<
  R extends RouteDef = RouteDef,
  B = unknown,
  Q = unknown,
  A extends AuthMode = AuthMode,
  O = unknown,
> extends EndpointConfig<B, Q, A, O> {
  readonly route: R;
}

/** Declares an endpoint: static data, compiled once at init against the AppContext. */
export function defineEndpoint<
  const R extends RouteDef,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  A extends AuthMode = "public",
  O = unknown,
>(route: R, config: EndpointConfig<B, Q, A, O>): Endpoint<R, B, Q, A, O> {
  return { ...config, route };
}

export type AnyEndpoint = Endpoint<RouteDef, unknown, unknown, AuthMode, unknown>;
export type EndpointMap = Readonly<Record<string, AnyEndpoint>>;
