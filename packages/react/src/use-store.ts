import type { ReadableAtom } from "nanostores";
import { useCallback, useSyncExternalStore } from "react";

/**
 * Subscribes a component to a nanostore. The first subscriber starts a lazy store's work (a query
 * store loads); the server snapshot is the store's initial value, so nothing is fetched during SSR
 * and hydration starts from the same state.
 */
export function useStore<T>(store: ReadableAtom<T>): T {
  const subscribe = useCallback((onChange: () => void) => store.listen(onChange), [store]);
  const getSnapshot = useCallback(() => store.get(), [store]);
  const getServerSnapshot = useCallback(() => (store.init === undefined ? store.get() : store.init), [store]);
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
