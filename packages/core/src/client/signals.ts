import { atom, type ReadableAtom, type WritableAtom } from "nanostores";
import type { Broadcast } from "./broadcast";

/** Spec section 9: a refresh is notified 10 ms after the call that caused it. */
export const NOTIFY_DELAY_MS = 10;

/**
 * Invalidation signals keyed by the names routes declare in `invalidates` ("session",
 * "activeOrganization", ...). Each name has a counter atom that query atoms listen to. Notifications
 * are delayed by 10 ms and coalesced: several invalidations of a name within that window bump its
 * counter once.
 */
export function createSignals(broadcast: Broadcast) {
  const counters = new Map<string, WritableAtom<number>>();
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retained = 0;
  let stopListening: (() => void) | undefined;

  function counter(name: string): WritableAtom<number> {
    const found = counters.get(name);
    if (found) return found;
    const created = atom(0);
    counters.set(name, created);
    return created;
  }

  function flush() {
    timer = undefined;
    const names = [...pending];
    pending.clear();
    for (const name of names) {
      const c = counter(name);
      c.set(c.get() + 1);
    }
  }

  /** Schedules a bump of each name for this client only. */
  function notify(names: readonly string[]) {
    if (names.length === 0) return;
    for (const name of names) pending.add(name);
    if (timer === undefined) timer = globalThis.setTimeout(flush, NOTIFY_DELAY_MS);
  }

  return {
    signal: (name: string): ReadableAtom<number> => counter(name),
    notify,
    /** Notifies this client and the other tabs. */
    invalidate(names: readonly string[]) {
      notify(names);
      broadcast.post(names);
    },
    /** Listens to the other tabs while at least one store is mounted. */
    retain(): () => void {
      if (retained++ === 0) stopListening = broadcast.subscribe(notify);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (--retained === 0) stopListening?.();
      };
    },
  };
}

export type Signals = ReturnType<typeof createSignals>;
