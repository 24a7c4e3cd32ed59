import type { AppContext, BillingEvent, BillingEventType, DBAdapter } from "../../plugin";
import type { CatalogCache } from "./catalog/loads/cache";
import type { BillingOptions } from "./options";
import type { PaymentProcessor } from "./processors/processor";
import type { SeenMerchant } from "./webhooks/endpoint-cache";
import type { KnownEndpoints } from "./webhooks/outbox";

export type { KnownEndpoints } from "./webhooks/outbox";

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
   * `endpoints`: the merchant's webhook endpoints, when this request has already read them
   * (`readEndpoints`): the transaction does not read them again.
   */
  write<T>(fn: (tx: DBAdapter, emit: Emit) => Promise<T>, endpoints?: KnownEndpoints): Promise<T>;
  /**
   * A merchant's enabled webhook endpoints, read once for a request whose several writes emit
   * events of that merchant (hand them to `write` / `writeOne`). `merchant`: the merchant row this
   * request has just read; while its `webhookVersion` is unchanged, endpoints kept by this process
   * are used without a read (`webhooks/endpoint-cache.ts`).
   */
  readEndpoints(merchantId: string, merchant?: SeenMerchant | null): Promise<KnownEndpoints>;
  /**
   * Catalog rows kept by this process under each merchant's `catalogVersion`, for the product
   * loads of checkout create and confirm (`catalog/loads/cache.ts`).
   */
  readonly catalog: CatalogCache;
  /**
   * Does an event of one of these types go anywhere (a subscribed endpoint among these, or an
   * `onEvent` listener)? When not, its payload need not be built.
   */
  delivers(endpoints: KnownEndpoints, types: readonly BillingEventType[]): boolean;
  /**
   * `write` for a change of a single statement (an insert, a compare-and-set) whose events are of
   * `types`, all of `merchantId`. The merchant's endpoints are read first: when no event of these
   * types goes anywhere (no subscribed endpoint, no `onEvent` listener), `fn` runs without a
   * transaction (one statement is atomic on its own; BEGIN and COMMIT would be two more round
   * trips) and its events are dropped, as `write` would; otherwise it is `write`, with the
   * endpoints already read. `fn` must make at most one write. `endpoints`: already read by this
   * request (`readEndpoints`), not read again.
   */
  writeOne<T>(
    merchantId: string,
    types: readonly BillingEventType[],
    fn: (db: DBAdapter, emit: Emit) => Promise<T>,
    endpoints?: KnownEndpoints,
  ): Promise<T>;
}

/** Builds the envelope once; its serialisation is what every delivery attempt sends. */
export function envelope(type: BillingEventType, data: unknown, at: Date): BillingEvent {
  return { type, timestamp: at.toISOString(), data };
}
