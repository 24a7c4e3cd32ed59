import type { AppContext, BillingEvent, BillingEventType, DBAdapter } from "../../plugin";
import type { BillingOptions } from "./options";
import type { PaymentProcessor } from "./processors/processor";

export interface ResolvedBillingOptions extends BillingOptions {
  readonly authenticatedUsersOnly: boolean;
  readonly checkoutExpiresIn: number;
}

/**
 * Emits billing events inside a transaction; the outbox rows commit (or roll back) with the change.
 * `data` may be a function that builds the payload: it is called only when the event goes
 * somewhere (a subscribed webhook endpoint or an `onEvent` listener). A payload itself is JSON,
 * never a function.
 */
export type Emit = (merchantId: string, type: BillingEventType, data: unknown) => Promise<void>;

export interface BillingContext {
  readonly app: AppContext;
  readonly options: ResolvedBillingOptions;
  readonly processor: PaymentProcessor;
  now(): Date;
  /**
   * Runs `fn` in a transaction with an `emit` bound to it. Outbox rows are written in the same
   * transaction; in-process listeners (`onEvent`) run after the commit, never for a rollback.
   */
  write<T>(fn: (tx: DBAdapter, emit: Emit) => Promise<T>): Promise<T>;
}

/** Builds the envelope once; its serialisation is what every delivery attempt sends. */
export function envelope(type: BillingEventType, data: unknown, at: Date): BillingEvent {
  return { type, timestamp: at.toISOString(), data };
}
