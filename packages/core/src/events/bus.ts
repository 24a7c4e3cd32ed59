import type { Logger } from "../logger/logger";

/**
 * Typed domain events. `emit` is called after the transaction that caused the event commits, so
 * a handler never sees a change that was rolled back. A failing handler is logged and does not
 * undo the change (that already happened); handlers that must be atomic with the change belong in
 * a "before" hook or in the service itself.
 *
 * "Before" hooks run inside a flow, before the write, and may change the data or reject by
 * throwing (for example the username plugin validating a username on every user write).
 */
export type EventMap = object;

export type EventHandler<P> = (payload: P) => void | Promise<void>;
export type BeforeHook<P> = (payload: P) => P | undefined | Promise<P | undefined>;

export interface EventBus<E extends EventMap, H extends EventMap> {
  on<K extends keyof E & string>(name: K, handler: EventHandler<E[K]>): () => void;
  emit<K extends keyof E & string>(name: K, payload: E[K]): Promise<void>;
  before<K extends keyof H & string>(name: K, hook: BeforeHook<H[K]>): () => void;
  /** Runs the before-hooks in registration order; each may return a replacement payload. */
  runBefore<K extends keyof H & string>(name: K, payload: H[K]): Promise<H[K]>;
  has(name: keyof E & string): boolean;
}

export function createEventBus<E extends EventMap, H extends EventMap>(logger: Logger): EventBus<E, H> {
  const handlers = new Map<string, EventHandler<unknown>[]>();
  const hooks = new Map<string, BeforeHook<unknown>[]>();
  const add = <T>(map: Map<string, T[]>, name: string, fn: T) => {
    const list = map.get(name) ?? [];
    list.push(fn);
    map.set(name, list);
    return () => {
      const i = list.indexOf(fn);
      if (i >= 0) list.splice(i, 1);
    };
  };
  return {
    on: (name, handler) => add(handlers, name, handler as EventHandler<unknown>),
    async emit(name, payload) {
      for (const handler of handlers.get(name) ?? []) {
        try {
          await handler(payload);
        } catch (error) {
          logger.error(`Event handler for "${name}" failed`, error);
        }
      }
    },
    before: (name, hook) => add(hooks, name, hook as BeforeHook<unknown>),
    async runBefore(name, payload) {
      let current = payload;
      for (const hook of hooks.get(name) ?? [])
        current = ((await hook(current)) ?? current) as typeof current;
      return current;
    },
    has: (name) => (handlers.get(name)?.length ?? 0) > 0,
  };
}
