import type { DatabaseAdapter, DBAdapter } from "../../src/db/adapter";
import type {
  PaymentProcessor,
  PaymentResult,
  PaymentStatus,
} from "../../src/plugins/billing/processors/processor";
import { testProcessor } from "../../src/plugins/billing/processors/test-processor";

/**
 * A database whose next `create` of a chosen model throws, inside whatever transaction runs it:
 * the transaction rolls back as it would when the process dies at that point (the state left
 * behind is the same: everything committed before stays, nothing of that transaction does).
 */
export function crashingDatabase(database: DatabaseAdapter) {
  let armed: string | null = null;
  const wrap = (db: DBAdapter): DBAdapter =>
    new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === "create") {
          return async (args: Parameters<DBAdapter["create"]>[0]) => {
            if (args.model === armed) {
              armed = null;
              throw new Error(`simulated crash before writing ${args.model}`);
            }
            return target.create(args);
          };
        }
        if (prop === "transaction") {
          return <T>(fn: (tx: DBAdapter) => Promise<T>) => target.transaction((tx) => fn(wrap(tx)));
        }
        const value = Reflect.get(target, prop, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const wrapped: DatabaseAdapter = new Proxy(database, {
    get(target, prop, receiver) {
      if (prop === "create")
        return (ctx: Parameters<DatabaseAdapter["create"]>[0]) => wrap(target.create(ctx));
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return {
    database: wrapped,
    /** The next write of this model fails (once). */
    crashBefore(model: string) {
      armed = model;
    },
  };
}

/**
 * The test processor with a memory of what it was asked, like a real processor's API: it can
 * find a checkout's payment by checkout id (as Stripe lists a customer's intents), can be made to
 * "die" right after the payment went through (confirm never answers), and counts status queries.
 */
export function ledgerProcessor() {
  const base = testProcessor();
  const byCheckout = new Map<string, PaymentResult>();
  let hangAfterConfirm = false;
  let override: PaymentStatus | null = null;
  const queries: string[] = [];
  const processor: PaymentProcessor = {
    ...base,
    async confirm(input) {
      const result = await base.confirm(input);
      byCheckout.set(input.checkoutId, result);
      if (hangAfterConfirm) {
        hangAfterConfirm = false;
        return new Promise<never>(() => {}); // the process is gone: nobody records the answer
      }
      return result;
    },
    async paymentStatus(input) {
      queries.push(input.checkoutId);
      if (override) return override;
      if (input.intentId) return base.paymentStatus(input);
      const found = byCheckout.get(input.checkoutId);
      if (!found?.intentId) return { status: "not_found" };
      return base.paymentStatus({ ...input, intentId: found.intentId });
    },
  };
  return {
    processor,
    queries,
    /** The next confirm reaches the processor, then its answer is lost (process killed). */
    dieAfterNextConfirm() {
      hangAfterConfirm = true;
    },
    /** What the processor answered (or would have) for this checkout's last confirm. */
    answered: (checkoutId: string) => byCheckout.get(checkoutId)?.status ?? null,
    /** Every status query answers this (e.g. a payment still processing). */
    answer(status: PaymentStatus | null) {
      override = status;
    },
  };
}

/**
 * A database that stops for good at a chosen write (inside its transaction), after calling
 * `onPause`: the process is then killed by the test with its transaction open.
 */
export function pausingDatabase(
  database: DatabaseAdapter,
  pauseAt: (
    op: "create" | "createMany" | "updateMany",
    args: { model: string; update?: Record<string, unknown> },
  ) => boolean,
  onPause: () => void,
) {
  const wrap = (db: DBAdapter): DBAdapter =>
    new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === "create" || prop === "createMany" || prop === "updateMany") {
          return async (args: { model: string; update?: Record<string, unknown> }) => {
            if (pauseAt(prop, args)) {
              onPause();
              await new Promise<never>(() => {});
            }
            return (target[prop] as (a: typeof args) => Promise<unknown>)(args);
          };
        }
        if (prop === "transaction") {
          return <T>(fn: (tx: DBAdapter) => Promise<T>) => target.transaction((tx) => fn(wrap(tx)));
        }
        const value = Reflect.get(target, prop, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return new Proxy(database, {
    get(target, prop, receiver) {
      if (prop === "create")
        return (ctx: Parameters<DatabaseAdapter["create"]>[0]) => wrap(target.create(ctx));
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
