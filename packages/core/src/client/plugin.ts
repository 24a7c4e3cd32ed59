import type { ReadableAtom } from "nanostores";
import type { RouteManifest } from "../kernel/endpoint";
import type { ClientFetch } from "./create-client";
import type { ClientResult } from "./fetcher";
import type { QueryAtom } from "./query-atom";

/** A plugin's stores, by name: `$activeOrganization` becomes `useActiveOrganization` in React. */
export type AtomMap = Record<string, ReadableAtom<unknown>>;

/** What a client plugin's `atoms` factory receives. */
export interface ClientContext {
  /** Route-aware fetch: declared verbs, `invalidates` applied. */
  $fetch: ClientFetch;
  /** A lazy query store, reloaded whenever one of `dependsOn` is invalidated. */
  query<T>(load: () => Promise<ClientResult<T>>, dependsOn: readonly string[]): QueryAtom<T>;
  /** The counter atom of an invalidation name (bumped 10 ms after each invalidation). */
  signal(name: string): ReadableAtom<number>;
  /** Invalidates names in this tab and the others. */
  invalidate(names: readonly string[]): void;
  $session: QueryAtom<unknown>;
}

/**
 * A client plugin: its route manifest (methods, verbs and `invalidates` come from it), its stores,
 * its error table, and, as a phantom type, the server plugin it talks to
 * (`$InferServerPlugin: {} as typeof myPlugin`) so the client infers methods and model fields from it.
 */
export interface ClientPlugin<Id extends string = string> {
  readonly id: Id;
  readonly routes?: RouteManifest;
  readonly atoms?: (ctx: ClientContext) => AtomMap;
  readonly errorCodes?: Readonly<Record<string, { readonly status: number; readonly message: string }>>;
  /** Types only: the server plugin (`{} as typeof organization`). Never read at runtime. */
  readonly $InferServerPlugin?: unknown;
  /** Types only: a whole server (`inferServer<typeof auth>()`). Never read at runtime. */
  readonly $InferServer?: unknown;
}

/**
 * Declares a client plugin and keeps its literal types (id, atoms, phantom server plugin):
 *
 *   export const organizationClient = () =>
 *     defineClientPlugin({ id: "organization", routes: orgRoutes, $InferServerPlugin: {} as OrganizationPlugin,
 *       atoms: (ctx) => ({ $activeOrganization: ctx.query(load, ["activeOrganization"]) }) });
 */
export function defineClientPlugin<const P extends ClientPlugin>(plugin: P): P {
  return plugin;
}

/**
 * Types the client from a server without naming it as the generic, so plugin stores stay inferred:
 * `createAuthClient({ plugins: [inferServer<typeof auth>(), organizationClient()] })`.
 */
export function inferServer<S>(): { readonly id: "infer-server"; readonly $InferServer: S } {
  return { id: "infer-server" } as { readonly id: "infer-server"; readonly $InferServer: S };
}
