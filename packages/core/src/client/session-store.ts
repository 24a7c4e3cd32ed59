import { onMount } from "nanostores";
import { coreRoutes } from "../kernel/routes";
import type { Fetcher } from "./fetcher";
import { createQueryAtom, type QueryAtom } from "./query-atom";
import type { Signals } from "./signals";

export interface SessionStoreOptions {
  /** Refetch when the page becomes visible again. Default true. */
  refetchOnWindowFocus?: boolean;
  /** Refetch when the browser comes back online. Default true. */
  refetchOnReconnect?: boolean;
}

/**
 * `$session`: GET /get-session, loaded on first subscriber, refreshed by the "session" signal
 * (routes declaring `invalidates: ["session"]`, other tabs), on focus and on reconnect. Browser
 * events are attached on mount only, never at import time.
 */
export function createSessionAtom<T>(
  fetcher: Fetcher,
  signals: Signals,
  options: SessionStoreOptions = {},
): QueryAtom<T> {
  const route = coreRoutes.getSession;
  const $session = createQueryAtom<T>(
    (params) => fetcher<T>({ method: route.method, path: route.path, query: params?.query }),
    { signals, dependsOn: ["session"] },
  );

  onMount($session, () => {
    if (typeof window === "undefined" || typeof document === "undefined") return;
    // The globals of mount time: cleanup runs later (nanostores waits 1 s) and must detach from them.
    const win = window;
    const doc = document;
    const refresh = () => signals.notify(["session"]);
    const onVisible = () => {
      if (doc.visibilityState === "visible") refresh();
    };
    const focus = options.refetchOnWindowFocus !== false;
    const reconnect = options.refetchOnReconnect !== false;
    if (focus) doc.addEventListener("visibilitychange", onVisible);
    if (reconnect) win.addEventListener("online", refresh);
    return () => {
      if (focus) doc.removeEventListener("visibilitychange", onVisible);
      if (reconnect) win.removeEventListener("online", refresh);
    };
  });
  return $session;
}
