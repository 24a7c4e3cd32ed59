import type { DatabaseAdapter } from "../../src/db/adapter";
import type { AuthOptions, EmailMessageBase } from "../../src/kernel/options";
import { billing } from "../../src/plugins/billing";
import type { BillingServices } from "../../src/plugins/billing/services";
import { createTestAuth } from "../../src/testing";

export interface InstanceOptions {
  readonly database: DatabaseAdapter;
  readonly now: () => Date;
  /** `emailAndPassword.requireEmailVerification`. */
  readonly requireVerification?: boolean;
  /** The app's verification email sender (sent on sign-up). */
  readonly sendVerificationEmail?: (data: EmailMessageBase) => unknown;
  /** The fetch webhook deliveries go through. */
  readonly fetch?: typeof fetch;
  /** Anything else (secondary storage, rate limits, session settings). */
  readonly extra?: AuthOptions;
}

/**
 * One app instance of the crash and two-instance tests (the test process and its child build the
 * same): email and password with a verification email on sign-up, billing on the given clock.
 */
export function appInstance(options: InstanceOptions) {
  const { database, now, extra = {} } = options;
  const send = options.sendVerificationEmail;
  const t = createTestAuth({
    ...extra,
    database,
    advanced: { ...extra.advanced, now },
    emailAndPassword: { requireEmailVerification: options.requireVerification ?? false },
    emailVerification: {
      sendOnSignUp: true,
      sendVerificationEmail: async (data) => {
        await send?.(data);
      },
    },
    plugins: [billing({ now, webhooks: options.fetch ? { fetch: options.fetch } : {} })],
  });
  const services = (t.auth as unknown as { billing: BillingServices }).billing;
  return { ...t, services };
}

/**
 * Node's fetch, sent `ms` later (0: unchanged), so that concurrent workers overlap; `onSend` is
 * told when a request starts.
 */
export function delayedFetch(ms: number, onSend?: () => void): typeof fetch | undefined {
  if (ms <= 0) return undefined;
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    onSend?.();
    await new Promise((resolve) => setTimeout(resolve, ms));
    return fetch(input, init);
  }) as typeof fetch;
}
