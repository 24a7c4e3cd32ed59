/**
 * Retry policy of the client (spec section 9): linear with a fixed delay (default 1000 ms) or
 * exponential with `min(maxDelay, baseDelay * 2 ** attempt)`. Only network failures, 5xx and 429
 * answers are retried; every other answer is final.
 */
export type RetryOptions =
  | { readonly type: "linear"; readonly attempts: number; readonly delay?: number }
  | {
      readonly type: "exponential";
      readonly attempts: number;
      readonly baseDelay: number;
      readonly maxDelay: number;
    };

/** A number is shorthand for `{ type: "linear", attempts: n }`. */
export type RetryOption = number | RetryOptions;

export const DEFAULT_LINEAR_RETRY_DELAY = 1000;

export function normalizeRetry(retry: RetryOption | undefined): RetryOptions | undefined {
  if (retry === undefined) return undefined;
  if (typeof retry === "number") return retry > 0 ? { type: "linear", attempts: retry } : undefined;
  return retry.attempts > 0 ? retry : undefined;
}

/** Delay before retry number `attempt` (0 for the first retry). */
export function retryDelay(retry: RetryOptions, attempt: number): number {
  if (retry.type === "linear") return retry.delay ?? DEFAULT_LINEAR_RETRY_DELAY;
  return Math.min(retry.maxDelay, retry.baseDelay * 2 ** attempt);
}

/** A status worth another try: server errors and rate limiting; 0 stands for a network failure. */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 429 || status >= 500;
}

/** Waits `ms` with the global timer, looked up at call time so fake timers apply. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => globalThis.setTimeout(resolve, ms));
}
