import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBroadcast } from "./broadcast";
import { createSignals, NOTIFY_DELAY_MS } from "./signals";

describe("invalidation signals", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("notifies 10 ms after an invalidation, coalescing repeats within the window", () => {
    expect(NOTIFY_DELAY_MS).toBe(10);
    const signals = createSignals(createBroadcast(false));
    const bumps: string[] = [];
    signals.signal("session").listen(() => bumps.push("session"));
    signals.signal("activeOrganization").listen(() => bumps.push("activeOrganization"));

    signals.invalidate(["session"]);
    signals.notify(["session", "activeOrganization"]);
    vi.advanceTimersByTime(NOTIFY_DELAY_MS - 1);
    expect(bumps).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(bumps).toEqual(["session", "activeOrganization"]);

    signals.notify(["session"]);
    vi.advanceTimersByTime(NOTIFY_DELAY_MS);
    expect(bumps).toEqual(["session", "activeOrganization", "session"]);
    expect(signals.signal("session").get()).toBe(2);
  });

  it("ignores an empty list", () => {
    const signals = createSignals(createBroadcast(false));
    signals.notify([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
