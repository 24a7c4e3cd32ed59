import type { BillingOptions } from "../options";

/** Delivery settings with the defaults of BILLING.md section 9.4. */
export function webhookPolicy(options: BillingOptions["webhooks"] = {}) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    maxAttempts: Math.max(1, options.maxAttempts ?? 10),
    timeoutMs,
    baseDelayMs: options.baseDelayMs ?? 2000,
    maxDelayMs: options.maxDelayMs ?? 1_200_000,
    disableAfterFailures: Math.max(1, options.disableAfterFailures ?? 10),
    /** A claimed row stays leased for two timeouts plus a margin for the bookkeeping around it. */
    leaseMs: timeoutMs * 2 + 30_000,
    fetch: options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init)),
  };
}

export type WebhookPolicy = ReturnType<typeof webhookPolicy>;

/**
 * Wait after the `attempts`-th failed attempt: jitter x min(base x 2^attempts, max), the jitter
 * uniform in [0.5, 1] from `random` (in [0, 1)). Defaults: ~2-4 s, 4-8 s, ... up to 20 min.
 */
export function retryDelay(attempts: number, policy: WebhookPolicy, random: () => number): number {
  const ceiling = Math.min(policy.baseDelayMs * 2 ** attempts, policy.maxDelayMs);
  const jitter = 0.5 + 0.5 * Math.min(1, Math.max(0, random()));
  return Math.round(ceiling * jitter);
}
