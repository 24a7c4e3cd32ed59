import type { AppContext, BillingEvent, DBAdapter } from "../../plugin";
import { createCatalogCache } from "./catalog/loads/cache";
import type { BillingContext, Emit, ResolvedBillingOptions } from "./context";
import { envelope } from "./context";
import type { BillingOptions } from "./options";
import { testProcessor } from "./processors/test-processor";
import { createEndpointCache } from "./webhooks/endpoint-cache";
import { anySubscribed, createOutboxWriter, enabledEndpoints } from "./webhooks/outbox";

export function resolveBillingOptions(options: BillingOptions): ResolvedBillingOptions {
  return {
    ...options,
    authenticatedUsersOnly: options.authenticatedUsersOnly ?? true,
    checkoutExpiresIn: options.checkout?.expiresIn ?? 86_400,
  };
}

export function createBillingContext(app: AppContext, options: ResolvedBillingOptions): BillingContext {
  const now = options.now ?? (() => app.now());

  /** A transaction with its outbox: rows written before the commit, listeners called after it. */
  async function run<T>(
    fn: (tx: DBAdapter, emit: Emit) => Promise<T>,
    known?: Parameters<typeof createOutboxWriter>[2],
  ): Promise<T> {
    const committed: BillingEvent[] = [];
    const result = await app.adapter.transaction(async (tx) => {
      const outbox = createOutboxWriter(tx, now, known);
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
  }

  const ctx: BillingContext = {
    app,
    options,
    processor: options.processor ?? testProcessor(),
    now,
    write: (fn, known) => run(fn, known),
    readEndpoints: createEndpointCache(app.adapter),
    catalog: createCatalogCache(),
    delivers: (known, types) => Boolean(options.onEvent) || anySubscribed(known.endpoints, types),
    async writeOne(merchantId, types, fn, read) {
      const known = read?.merchantId === merchantId ? read : undefined;
      if (options.onEvent) return run(fn, known);
      const endpoints = known ? known.endpoints : await enabledEndpoints(app.adapter, merchantId);
      if (anySubscribed(endpoints, types)) return run(fn, { merchantId, endpoints });
      return fn(app.adapter, async (m, type) => {
        // A programming error: this event was not declared, so nobody checked where it goes.
        if (m !== merchantId || !types.includes(type))
          throw new Error(`writeOne: undeclared event ${type} of merchant ${m}`);
      });
    },
  };
  return ctx;
}
