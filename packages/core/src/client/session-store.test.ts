import { afterEach, describe, expect, it, vi } from "vitest";
import { BASE_URL, createHarness, newUser } from "../../test/client/fixtures";
import { createAuthClient } from "./create-client";
import type { QueryAtom, QueryState } from "./query-atom";

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.unstubAllGlobals();
});

/** Subscribes to a store for the test and records every value it takes. */
function watch<T>(store: QueryAtom<T>): QueryState<T>[] {
  const seen: QueryState<T>[] = [];
  stops.push(store.subscribe((value) => seen.push(value)));
  return seen;
}

const sessionCalls = (calls: { url: string }[]) => calls.filter((c) => c.url.includes("/get-session")).length;

describe("$session", () => {
  it("loads lazily on the first subscriber", async () => {
    const { client, calls } = createHarness();
    expect(sessionCalls(calls)).toBe(0);
    const seen = watch(client.$session);
    expect(seen[0]).toMatchObject({ data: null, error: null, isPending: true });
    await vi.waitFor(() => expect(client.$session.get().isPending).toBe(false));
    expect(client.$session.get()).toMatchObject({ data: null, error: null, isRefetching: false });
    expect(sessionCalls(calls)).toBe(1);
  });

  it("refreshes 10 ms after a call whose route invalidates the session", async () => {
    const { client, calls } = createHarness();
    const user = newUser();
    await client.signUp.email(user);
    await client.signOut();
    watch(client.$session);
    await vi.waitFor(() => expect(client.$session.get().isPending).toBe(false));
    const before = sessionCalls(calls);

    const signIn = await client.signIn.email({ email: user.email, password: user.password });
    expect(signIn.error).toBeNull();
    // The notification is scheduled, not sent yet, when the call resolves.
    expect(sessionCalls(calls)).toBe(before);
    await vi.waitFor(() => expect(client.$session.get().data?.user.email).toBe(user.email));
    expect(sessionCalls(calls)).toBe(before + 1);

    await client.signOut();
    await vi.waitFor(() => expect(client.$session.get().data).toBeNull());
    expect(client.$session.get().isPending).toBe(false);
  });

  it("schedules no notification after calls that invalidate nothing", async () => {
    const { client } = createHarness();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      await client.ok();
      await client.requestPasswordReset({ email: "nobody@example.com" });
      await client.signIn.email({ email: "nobody@example.com", password: "wrong-password-1" });
      expect(vi.getTimerCount()).toBe(0);
      await client.signOut();
      expect(vi.getTimerCount()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refreshes when the page becomes visible and when the browser comes back online", async () => {
    const doc = Object.assign(new EventTarget(), { visibilityState: "visible" });
    vi.stubGlobal("document", doc);
    vi.stubGlobal(
      "window",
      Object.assign(new EventTarget(), { location: { origin: "http://localhost:3000" } }),
    );
    const { client, calls } = createHarness();
    watch(client.$session);
    await vi.waitFor(() => expect(sessionCalls(calls)).toBe(1));

    doc.dispatchEvent(new Event("visibilitychange"));
    await vi.waitFor(() => expect(sessionCalls(calls)).toBe(2));
    window.dispatchEvent(new Event("online"));
    await vi.waitFor(() => expect(sessionCalls(calls)).toBe(3));
  });

  it("refreshes another client (tab) through BroadcastChannel", async () => {
    const { client: tabA, newClient } = createHarness();
    const tabB = newClient();
    watch(tabB.$session);
    await vi.waitFor(() => expect(tabB.$session.get().isPending).toBe(false));
    expect(tabB.$session.get().data).toBeNull();

    const user = newUser();
    await tabA.signUp.email(user);
    await vi.waitFor(() => expect(tabB.$session.get().data?.user.email).toBe(user.email));
    await tabA.signOut();
    await vi.waitFor(() => expect(tabB.$session.get().data).toBeNull());
  });

  it("keeps the last data on a network failure and clears it on an HTTP error", async () => {
    const { fetch } = createHarness();
    let offline = false;
    const client = createAuthClient({
      baseURL: BASE_URL,
      fetchOptions: {
        fetch: (url, init) => (offline ? Promise.reject(new TypeError("offline")) : fetch(url, init)),
      },
    });
    await client.signUp.email(newUser());
    watch(client.$session);
    await vi.waitFor(() => expect(client.$session.get().data).not.toBeNull());

    offline = true;
    await client.$session.get().refetch();
    expect(client.$session.get()).toMatchObject({ error: { status: 0, code: "NETWORK_ERROR" } });
    expect(client.$session.get().data).not.toBeNull();
    offline = false;
    await client.$session.get().refetch({ query: { disableCookieCache: "maybe" } });
    expect(client.$session.get()).toMatchObject({ data: null, error: { status: 400 } });
    await client.$session.get().refetch();
    expect(client.$session.get()).toMatchObject({ error: null, isPending: false, isRefetching: false });
    expect(client.$session.get().data).not.toBeNull();
  });
});
