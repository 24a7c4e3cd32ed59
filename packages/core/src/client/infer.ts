import type { z } from "zod";
import type { AuthMode, Endpoint, RouteDef } from "../kernel/endpoint";
import type { AUTH_ERROR_CODES } from "../kernel/error-codes";
import type { Session, User } from "../kernel/models";
import type { AuthOptions } from "../kernel/options";
import type { AnyPlugin } from "../kernel/plugin";
import type { AuthEndpoints, InferSession, InferUser, UnionToIntersection } from "../types/infer";
import type { ClientFetch } from "./create-client";
import type { ClientResult, FetchOptions } from "./fetcher";
import type { AtomMap, ClientPlugin } from "./plugin";
import type { QueryAtom } from "./query-atom";
import type { Signals } from "./signals";

type Simplify<T> = { [K in keyof T]: T[K] } & {};

// ---- Which server: the generic, or a plugin's `$InferServer` (inferServer<typeof auth>()). ----

type PluginOf<P extends readonly ClientPlugin[]> = P[number];
type InferredServer<P extends readonly ClientPlugin[]> =
  PluginOf<P> extends infer CP ? (CP extends { $InferServer: infer S } ? S : never) : never;
type ServerOf<S, P extends readonly ClientPlugin[]> = [InferredServer<P>] extends [never]
  ? S
  : InferredServer<P>;

/** The server's options; the wide `AuthOptions` (no server given) counts as none. */
type OptionsOf<S> = S extends { options: infer O extends AuthOptions }
  ? AuthOptions extends O
    ? {}
    : O
  : {};
type ServerPlugins<O> = O extends { plugins?: readonly (infer X)[] }
  ? X extends AnyPlugin
    ? X
    : never
  : never;
type ClientServerPlugins<P extends readonly ClientPlugin[]> =
  PluginOf<P> extends infer CP
    ? CP extends { $InferServerPlugin?: infer SP }
      ? Extract<SP, AnyPlugin>
      : never
    : never;

/** Server options plus the server plugins that client plugins carry: what the client is typed from. */
export type ClientInferOptions<S, P extends readonly ClientPlugin[]> = Omit<
  OptionsOf<ServerOf<S, P>>,
  "plugins"
> & {
  plugins: (ServerPlugins<OptionsOf<ServerOf<S, P>>> | ClientServerPlugins<P>)[];
};

type UserOf<O> = O extends AuthOptions ? InferUser<O> : User;
type SessionRowOf<O> = O extends AuthOptions ? InferSession<O> : Session;

/** `{ user, session }` as `$session` and `getSession` return it (timestamps revived as `Date`). */
export type InferSessionData<S, P extends readonly ClientPlugin[] = []> = {
  user: UserOf<ClientInferOptions<S, P>>;
  session: SessionRowOf<ClientInferOptions<S, P>>;
};

// ---- Paths to nested method keys: "/sign-in/email" -> signIn.email ----

type CamelSegment<S extends string> = S extends `${infer H}-${infer T}`
  ? `${H}${Capitalize<CamelSegment<T>>}`
  : S;
export type PathKeys<P extends string> = P extends `/${infer R}`
  ? PathKeys<R>
  : P extends `${infer H}/${infer T}`
    ? [CamelSegment<H>, ...PathKeys<T>]
    : P extends ""
      ? []
      : [CamelSegment<P>];
type HasParam<P extends string> = P extends `${string}:${string}` | `${string}*${string}` ? true : false;
type Nest<K extends readonly string[], V> = K extends readonly [
  infer H extends string,
  ...infer T extends string[],
]
  ? { [Key in H]: Nest<T, V> }
  : V;

// ---- Arguments and results ----

type IsGet<M> = [M] extends ["GET"] ? true : [M] extends [readonly "GET"[]] ? true : false;
type QueryArgs<Q> = Q extends z.ZodType
  ? undefined extends z.input<Q>
    ? { query?: NonNullable<z.input<Q>> }
    : { query: z.input<Q> }
  : { query?: Record<string, never> };
type BodyArgs<B> = B extends z.ZodType ? NonNullable<z.input<B>> : {};
type BodyOptional<B> = B extends z.ZodType ? (undefined extends z.input<B> ? true : false) : true;

/** Call arguments: body fields (or `query` for GET routes) plus per-call `fetchOptions`. */
export type MethodArgs<R extends RouteDef, B, Q> = (IsGet<R["method"]> extends true
  ? QueryArgs<Q>
  : BodyArgs<B>) & {
  fetchOptions?: FetchOptions;
};

/** Outputs carrying `user`/`session` use the app's types (additional and plugin fields). */
type WithAppTypes<T, U, S> = T extends { user: User }
  ? Simplify<
      Omit<T, "user" | "session"> & { user: U } & (T extends { session: Session } ? { session: S } : {})
    >
  : T;

type Method<A, Out, Optional> = Optional extends true
  ? (input?: Simplify<A>, fetchOptions?: FetchOptions) => Promise<ClientResult<Out>>
  : (input: Simplify<A>, fetchOptions?: FetchOptions) => Promise<ClientResult<Out>>;

type EndpointMethod<E, U, S> =
  E extends Endpoint<infer R extends RouteDef, infer B, infer Q, AuthMode, infer O>
    ? R extends { serverOnly: true } | { clientHidden: true }
      ? never
      : HasParam<R["path"]> extends true
        ? never
        : Nest<
            PathKeys<R["path"]>,
            Method<
              MethodArgs<R, B, Q>,
              WithAppTypes<Awaited<O>, U, S>,
              {} extends MethodArgs<R, B, Q>
                ? true
                : IsGet<R["method"]> extends true
                  ? false
                  : BodyOptional<B>
            >
          >
    : never;

/** Drops index signatures (a wide `EndpointMap` from an untyped server) so only real keys remain. */
type KnownKeys<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

export type ClientEndpoints<S, P extends readonly ClientPlugin[]> =
  ClientInferOptions<S, P> extends infer O extends AuthOptions ? KnownKeys<AuthEndpoints<O>> : {};

/** The nested methods of a client, inferred from the server's (and client plugins') endpoints. */
export type InferClientMethods<S, P extends readonly ClientPlugin[]> =
  UnionToIntersection<
    {
      [K in keyof ClientEndpoints<S, P>]: EndpointMethod<
        ClientEndpoints<S, P>[K],
        InferSessionData<S, P>["user"],
        InferSessionData<S, P>["session"]
      >;
    }[keyof ClientEndpoints<S, P>]
  > extends infer M
    ? M
    : never;

// ---- Stores and the client ----

type AtomsOf<CP> = CP extends { atoms: (ctx: never) => infer A extends AtomMap } ? A : never;
/** Every client plugin's stores, merged. */
export type InferPluginAtoms<P extends readonly ClientPlugin[]> = [AtomsOf<PluginOf<P>>] extends [never]
  ? {}
  : UnionToIntersection<AtomsOf<PluginOf<P>>>;

type ErrorTableOf<CP> = CP extends { errorCodes: infer T } ? T : never;
export type InferErrorCodes<P extends readonly ClientPlugin[]> = typeof AUTH_ERROR_CODES &
  ([ErrorTableOf<PluginOf<P>>] extends [never] ? {} : UnionToIntersection<ErrorTableOf<PluginOf<P>>>);

export interface ClientStore<Atoms> {
  /** `$session` and every plugin store, by name. */
  atoms: Atoms;
  signal: Signals["signal"];
  /** Bumps names in this tab only (after 10 ms, coalesced). */
  notify: Signals["notify"];
  /** Bumps names in this tab and in the other tabs. */
  invalidate: Signals["invalidate"];
}

export type SessionAtom<S, P extends readonly ClientPlugin[]> = QueryAtom<InferSessionData<S, P>>;

export type AuthClient<S, P extends readonly ClientPlugin[]> = InferClientMethods<S, P> &
  InferPluginAtoms<P> & {
    $fetch: ClientFetch;
    $session: SessionAtom<S, P>;
    $store: ClientStore<{ $session: SessionAtom<S, P> } & InferPluginAtoms<P>>;
    $ERROR_CODES: InferErrorCodes<P>;
    /** Types only: `typeof client.$Infer.Session`. */
    $Infer: { Session: InferSessionData<S, P>; User: InferSessionData<S, P>["user"] };
  };
