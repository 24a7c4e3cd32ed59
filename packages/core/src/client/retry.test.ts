import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAuthClient } from "./create-client";
import type { FetchOptions } from "./fetcher";
import { DEFAULT_LINEAR_RETRY_DELAY, normalizeRetry, retryDelay } from "./retry";

const BASE_URL = "http://localhost:3000";

/** A fetch answering the given statuses in order ("network" rejects); counts its calls. */
function scripted(...answers: (number | "network")[]) {
  const state = { calls: 0 };
  const fetch = async () => {
    const answer = answers[Math.min(state.calls++, answers.length - 1)];
    if (answer === "network") throw new TypeError("fetch failed");
    return answer === 200
      ? Response.json({ ok: true })
      : Response.json({ message: "nope" }, { status: answer });
  };
  return { fetch, state };
}

async function run(options: FetchOptions) {
  const delays: number[] = [];
  const client = createAuthClient({
    baseURL: BASE_URL,
    fetchOptions: { ...options, onRetry: ({ delay }) => void delays.push(delay) },
  });
  const pending = client.ok();
  await vi.runAllTimersAsync();
  return { result: await pending, delays };
}

describe("retry", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("computes linear and exponential delays (spec section 9)", () => {
    expect(retryDelay({ type: "linear", attempts: 3 }, 0)).toBe(DEFAULT_LINEAR_RETRY_DELAY);
    expect(DEFAULT_LINEAR_RETRY_DELAY).toBe(1000);
    expect(retryDelay({ type: "linear", attempts: 3, delay: 250 }, 2)).toBe(250);
    const exp = { type: "exponential", attempts: 6, baseDelay: 100, maxDelay: 1000 } as const;
    expect([0, 1, 2, 3, 4, 5].map((a) => retryDelay(exp, a))).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(normalizeRetry(2)).toEqual({ type: "linear", attempts: 2 });
    expect(normalizeRetry(0)).toBeUndefined();
  });

  it("retries 5xx linearly with the default 1000 ms delay until one succeeds", async () => {
    const { fetch, state } = scripted(503, 500, 200);
    const { result, delays } = await run({ fetch, retry: { type: "linear", attempts: 3 } });
    expect(result).toEqual({ data: { ok: true }, error: null });
    expect(state.calls).toBe(3);
    expect(delays).toEqual([1000, 1000]);
  });

  it("retries exponentially, capped by maxDelay, and returns the last error", async () => {
    const { fetch, state } = scripted(502);
    const { result, delays } = await run({
      fetch,
      retry: { type: "exponential", attempts: 4, baseDelay: 100, maxDelay: 500 },
    });
    expect(state.calls).toBe(5);
    expect(delays).toEqual([100, 200, 400, 500]);
    expect(result.error).toMatchObject({ status: 502, statusText: "Bad Gateway", message: "nope" });
  });

  it("retries 429 and network failures, never other 4xx", async () => {
    const limited = scripted(429, 200);
    expect((await run({ fetch: limited.fetch, retry: 2 })).result.error).toBeNull();
    expect(limited.state.calls).toBe(2);

    const offline = scripted("network");
    const { result } = await run({ fetch: offline.fetch, retry: 2 });
    expect(offline.state.calls).toBe(3);
    expect(result.error).toMatchObject({ status: 0, code: "NETWORK_ERROR" });

    for (const status of [400, 401, 403, 404, 422]) {
      const final = scripted(status);
      const { delays } = await run({ fetch: final.fetch, retry: 3 });
      expect(final.state.calls).toBe(1);
      expect(delays).toEqual([]);
    }
  });

  it("does not retry without a retry option, and a call can set its own", async () => {
    const once = scripted(503);
    await run({ fetch: once.fetch });
    expect(once.state.calls).toBe(1);

    const perCall = scripted(503, 200);
    const client = createAuthClient({ baseURL: BASE_URL, fetchOptions: { fetch: perCall.fetch } });
    const pending = client.ok({ fetchOptions: { retry: { type: "linear", attempts: 1, delay: 5 } } });
    await vi.runAllTimersAsync();
    expect((await pending).data).toEqual({ ok: true });
    expect(perCall.state.calls).toBe(2);
  });
});
