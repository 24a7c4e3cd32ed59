import type { z } from "zod";
import type { CoreEndpoints } from "../auth/endpoints";
import type { FieldMap, InferFields } from "../db/model";
import type { AuthMode, Endpoint, EndpointMap as EndpointMapAny, RouteDef } from "../kernel/endpoint";
import type { Session, User } from "../kernel/models";
import type { AuthOptions } from "../kernel/options";
import type { Plugin, PluginSchema } from "../kernel/plugin";

export type UnionToIntersection<U> = (U extends unknown ? (k: U) => void : never) extends (k: infer I) => void
  ? I
  : never;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type PluginList<O extends AuthOptions> = O["plugins"] extends readonly (infer P)[] ? P : never;

/** One plugin's endpoints (distributes over a union of plugins). */
type EndpointsOfPlugin<P> = P extends Plugin<string, infer E, unknown, PluginSchema> ? E : never;

/**
 * Endpoints contributed by the configured plugins: per plugin, then intersected, so the server's
 * organization plugin (teams on) and a client plugin's default one together keep the team routes.
 */
export type PluginEndpoints<O extends AuthOptions> = UnionToIntersection<EndpointsOfPlugin<PluginList<O>>>;

export type AuthEndpoints<O extends AuthOptions> = CoreEndpoints &
  ([PluginEndpoints<O>] extends [never] ? {} : PluginEndpoints<O>);

type PluginModelFields<O extends AuthOptions, M extends string> = UnionToIntersection<
  // Matched on `schema` alone: `Plugin<string, never, ...>` rejected every plugin that has endpoints.
  PluginList<O> extends { readonly schema?: infer Sch }
    ? Sch extends Record<M, { fields: infer F extends FieldMap }>
      ? InferFields<F>
      : never
    : never
>;

type Extra<F> = F extends FieldMap ? Omit<InferFields<F>, "id"> : {};
type PluginExtra<O extends AuthOptions, M extends string> = [PluginModelFields<O, M>] extends [never]
  ? {}
  : Omit<PluginModelFields<O, M>, "id">;

/** The user type of an app: core fields, the user's additional fields, plugin fields. */
export type InferUser<O extends AuthOptions> = Simplify<
  User & Extra<NonNullable<O["user"]>["additionalFields"]> & PluginExtra<O, "user">
>;
export type InferSession<O extends AuthOptions> = Simplify<
  Session & Extra<NonNullable<O["session"]>["additionalFields"]> & PluginExtra<O, "session">
>;

type BodyInput<B> = B extends z.ZodType
  ? undefined extends z.input<B>
    ? { body?: z.input<B> }
    : { body: z.input<B> }
  : { body?: undefined };
type QueryInput<Q> = Q extends z.ZodType ? { query?: z.input<Q> } : { query?: undefined };

export type ApiInput<B, Q> = BodyInput<B> &
  QueryInput<Q> & {
    headers?: HeadersInit;
    params?: Record<string, string>;
    request?: Request;
    asResponse?: boolean;
    returnHeaders?: boolean;
  };

type ApiResult<I, O> = I extends { asResponse: true }
  ? Response
  : I extends { returnHeaders: true }
    ? { headers: Headers; response: Awaited<O> }
    : Awaited<O>;

export type ApiFunction<E> =
  E extends Endpoint<RouteDef, infer B, infer Q, AuthMode, infer O>
    ? {} extends ApiInput<B, Q>
      ? <I extends ApiInput<B, Q>>(input?: I) => Promise<ApiResult<I, O>>
      : <I extends ApiInput<B, Q>>(input: I) => Promise<ApiResult<I, O>>
    : never;

export type InferAPI<E> = { [K in keyof E]: ApiFunction<E[K]> };

/** Services of the configured plugins, exposed on the auth object by plugin id (`auth.billing`). */
export type PluginServices<O extends AuthOptions> = UnionToIntersection<
  PluginList<O> extends Plugin<infer Id, EndpointMapAny, infer S, PluginSchema>
    ? S extends undefined
      ? never
      : { readonly [K in Id]: S }
    : never
>;
