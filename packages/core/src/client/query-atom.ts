import { atom, onMount, type ReadableAtom } from "nanostores";
import type { ClientError, ClientResult } from "./fetcher";
import type { Signals } from "./signals";

export interface QueryParams {
  query?: Record<string, unknown>;
}

/** The value of a query store: what `useSession()` and the plugin hooks return. */
export interface QueryState<T> {
  data: T | null;
  error: ClientError | null;
  /** True until the first load has finished. */
  isPending: boolean;
  /** True while a later load runs (the previous data stays visible). */
  isRefetching: boolean;
  refetch: (params?: QueryParams) => Promise<void>;
}

export type QueryAtom<T> = ReadableAtom<QueryState<T>>;

/**
 * A lazy query store: it loads when its first listener subscribes (nanostores `onMount`), and
 * loads again whenever one of the named signals is bumped (a route that `invalidates` the name, a
 * message from another tab). A network failure keeps the last data; an HTTP error clears it. Only
 * the latest load may write, so a slow stale answer never overwrites a newer one.
 */
export function createQueryAtom<T>(
  load: (params?: QueryParams) => Promise<ClientResult<T>>,
  options: { signals: Signals; dependsOn: readonly string[] },
): QueryAtom<T> {
  let latest = 0;
  const $query = atom<QueryState<T>>({
    data: null,
    error: null,
    isPending: true,
    isRefetching: false,
    refetch,
  });

  async function refetch(params?: QueryParams): Promise<void> {
    const id = ++latest;
    const before = $query.value;
    if (!before.isPending && !before.isRefetching) $query.set({ ...before, isRefetching: true });
    const result = await load(params);
    if (id !== latest) return;
    const keep = result.error !== null && result.error.status === 0;
    $query.set({
      data: keep ? $query.value.data : result.data,
      error: result.error,
      isPending: false,
      isRefetching: false,
      refetch,
    });
  }

  onMount($query, () => {
    const release = options.signals.retain();
    const stops = options.dependsOn.map((name) => options.signals.signal(name).listen(() => void refetch()));
    void refetch();
    return () => {
      for (const stop of stops) stop();
      release();
    };
  });
  return $query;
}
