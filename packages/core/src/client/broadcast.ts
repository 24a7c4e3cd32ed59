/** What one client tells the other tabs: these store names changed. */
interface InvalidateMessage {
  type: "gatehouse:invalidate";
  names: string[];
}

function isInvalidateMessage(data: unknown): data is InvalidateMessage {
  const m = data as Partial<InvalidateMessage> | null;
  return m?.type === "gatehouse:invalidate" && Array.isArray(m.names);
}

/**
 * Cross-tab notifications over a `BroadcastChannel`. Nothing is opened at import time (SSR-safe):
 * the channel opens with the first listener and closes after the last. Runtimes without
 * `BroadcastChannel`, or `name: false`, make it a no-op.
 */
export function createBroadcast(name: string | false) {
  const listeners = new Set<(names: string[]) => void>();
  let channel: BroadcastChannel | null = null;
  const channelName = name === false || typeof globalThis.BroadcastChannel !== "function" ? null : name;

  function open(named: string): BroadcastChannel {
    const opened = new BroadcastChannel(named);
    opened.onmessage = (event: MessageEvent) => {
      if (!isInvalidateMessage(event.data)) return;
      for (const listener of listeners) listener(event.data.names.filter((n) => typeof n === "string"));
    };
    // Node: an open channel must not keep the process alive.
    (opened as { unref?: () => void }).unref?.();
    return opened;
  }

  return {
    /** Tells the other tabs (never this client itself). */
    post(names: readonly string[]): void {
      if (channelName === null || names.length === 0) return;
      const message: InvalidateMessage = { type: "gatehouse:invalidate", names: [...names] };
      if (channel) {
        channel.postMessage(message);
        return;
      }
      const once = new BroadcastChannel(channelName);
      once.postMessage(message);
      once.close();
    },
    subscribe(listener: (names: string[]) => void): () => void {
      if (channelName === null) return () => {};
      listeners.add(listener);
      channel ??= open(channelName);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && channel) {
          channel.close();
          channel = null;
        }
      };
    },
  };
}

export type Broadcast = ReturnType<typeof createBroadcast>;
