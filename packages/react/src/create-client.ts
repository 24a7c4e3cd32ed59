import type { Auth } from "@gatehouse-js/core";
import {
  type AuthClient,
  type ClientOptions,
  type ClientPlugin,
  createAuthClient as createCoreClient,
  type InferPluginAtoms,
  type SessionAtom,
} from "@gatehouse-js/core/client";
import type { ReadableAtom } from "nanostores";
import { useStore } from "./use-store";

type HookName<K> = K extends `$${infer Name}` ? `use${Capitalize<Name>}` : never;

/** One hook per store: `$session` -> `useSession`, `$activeOrganization` -> `useActiveOrganization`. */
export type StoreHooks<Atoms> = {
  [K in keyof Atoms as HookName<K>]: () => Atoms[K] extends ReadableAtom<infer V> ? V : never;
};

export type ReactAuthClient<Server, P extends readonly ClientPlugin[]> = AuthClient<Server, P> &
  StoreHooks<{ $session: SessionAtom<Server, P> } & InferPluginAtoms<P>>;

const hookName = (key: string) => `use${key.charAt(1).toUpperCase()}${key.slice(2)}`;

/**
 * The core client plus a hook for each of its stores, all on `useSyncExternalStore`:
 * `authClient.useSession()` returns `{ data, error, isPending, isRefetching, refetch }`.
 */
export function createAuthClient<Server = Auth, const P extends readonly ClientPlugin[] = []>(
  options: ClientOptions<P> = {},
): ReactAuthClient<Server, P> {
  const client = createCoreClient<Server, P>(options);
  const hooks: Record<string, () => unknown> = {};
  for (const [key, store] of Object.entries(client.$store.atoms as Record<string, ReadableAtom<unknown>>)) {
    if (key.startsWith("$") && key.length > 1) hooks[hookName(key)] = () => useStore(store);
  }
  return Object.assign(client, hooks) as ReactAuthClient<Server, P>;
}
