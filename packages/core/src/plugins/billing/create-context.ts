import type { AppContext, BillingEvent } from "../../plugin";
import type { BillingContext, ResolvedBillingOptions } from "./context";
import { envelope } from "./context";
import type { BillingOptions } from "./options";
import { testProcessor } from "./processors/test-processor";
import { createOutboxWriter } from "./webhooks/outbox";

export function resolveBillingOptions(options: BillingOptions): ResolvedBillingOptions {
  return {
    ...options,
    authenticatedUsersOnly: options.authenticatedUsersOnly ?? true,
    checkoutExpiresIn: options.checkout?.expiresIn ?? 86_400,
  };
}

export function createBillingContext(app: AppContext, options: ResolvedBillingOptions): BillingContext {
  const now = options.now ?? (() => app.now());
  const ctx: BillingContext = {
    app,
    options,
    processor: options.processor ?? testProcessor(),
    now,
    async write(fn) {
      const committed: BillingEvent[] = [];
      const result = await app.adapter.transaction(async (tx) => {
        const outbox = createOutboxWriter(tx, now);
        committed.length = 0;
        const value = await fn(tx, async (merchantId, type, data) => {
          const targets = await outbox.targets(merchantId, type);
          // Nobody receives it (no subscribed endpoint, no listener): a lazy payload is never built.
          if (targets.length === 0 && !options.onEvent) return;
          const event = envelope(type, typeof data === "function" ? await data() : data, now());
          outbox.write(merchantId, targets, event);
          committed.push(event);
        });
        await outbox.flush();
        return value;
      });
      for (const event of committed) {
        try {
          await options.onEvent?.(event);
        } catch (error) {
          app.logger.error(`Billing onEvent listener failed for ${event.type}`, error);
        }
      }
      return result;
    },
  };
  return ctx;
}
