import type { DBAdapter, Row } from "../../../plugin";
import { listPage } from "../repository";
import type { CheckoutRow, CustomerRow, MerchantRow, ProcessorEventRow } from "../rows";
import { type CheckoutStatus, checkoutStates } from "./status";

const byId = (id: string) => [{ field: "id", value: id }];
const processorEvent = (processor: string, externalId: string) => [
  { field: "processor", value: processor },
  { field: "externalId", value: externalId },
];

/**
 * The only code that touches `billingCheckout` and the processor inbox (`billingProcessorEvent`).
 * Every status change goes through `move`: a compare-and-set checked against the state table.
 */
export function checkoutRepository(db: DBAdapter) {
  return {
    findBySecret: (clientSecret: string) =>
      db.findOne<CheckoutRow>({
        model: "billingCheckout",
        where: [{ field: "clientSecret", value: clientSecret }],
      }),
    /** By client secret, with its merchant and its linked customer (any state) in the same query. */
    async findBySecretWithParties(clientSecret: string) {
      const row = await db.findOne<
        CheckoutRow & { billingMerchant?: MerchantRow | null; billingCustomer?: CustomerRow | null }
      >({
        model: "billingCheckout",
        where: [{ field: "clientSecret", value: clientSecret }],
        join: { billingMerchant: true, billingCustomer: true },
      });
      if (!row) return null;
      const { billingMerchant, billingCustomer, ...checkout } = row;
      return {
        checkout: checkout as CheckoutRow,
        merchant: billingMerchant ?? null,
        customer: billingCustomer ?? null,
      };
    },
    findById: (id: string) => db.findOne<CheckoutRow>({ model: "billingCheckout", where: byId(id) }),
    findByIntent: (intentId: string) =>
      db.findOne<CheckoutRow>({ model: "billingCheckout", where: [{ field: "intentId", value: intentId }] }),
    async insert(data: Partial<CheckoutRow> & { status: CheckoutStatus }) {
      checkoutStates.assertInitial(data.status);
      return db.create<CheckoutRow>({ model: "billingCheckout", data });
    },
    /**
     * Moves `from -> to` (and writes `changes`) only while the row still has status `from`
     * (`WHERE id = ? AND status = from`): true when this call won. Of concurrent callers exactly
     * one wins; a move the state table does not allow throws (a programming error).
     */
    async move(id: string, from: CheckoutStatus, to: CheckoutStatus, changes: Row = {}): Promise<boolean> {
      checkoutStates.assertMove(from, to);
      const moved = await db.updateMany({
        model: "billingCheckout",
        where: [...byId(id), { field: "status", value: from }],
        update: { ...changes, status: to },
      });
      return moved > 0;
    },
    /** Writes fields other than the status (no read back). */
    async patch(id: string, changes: Omit<Partial<CheckoutRow>, "status">): Promise<void> {
      await db.updateMany({ model: "billingCheckout", where: byId(id), update: changes });
    },
    /** Newest first, of one merchant (merchant read API); filters customer, product, status. */
    pageForMerchant: (
      merchantId: string,
      filter: {
        customerId?: string | undefined;
        productId?: string | undefined;
        status?: CheckoutStatus | undefined;
      },
      window: { page?: number | undefined; limit?: number | undefined },
    ) =>
      listPage<CheckoutRow>(
        db,
        "billingCheckout",
        [
          { field: "merchantId", value: merchantId },
          ...(filter.customerId ? [{ field: "customerId", value: filter.customerId }] : []),
          ...(filter.productId ? [{ field: "productId", value: filter.productId }] : []),
          ...(filter.status ? [{ field: "status", value: filter.status }] : []),
        ],
        window,
      ),
    /** Open or confirmed checkouts past `expiresAt` (the sweep). */
    due: (now: Date, limit: number) =>
      db.findMany<CheckoutRow>({
        model: "billingCheckout",
        where: [
          { field: "status", operator: "in", value: ["open", "confirmed"] },
          { field: "expiresAt", operator: "lt", value: now },
        ],
        limit,
      }),

    /** Confirmed checkouts untouched since `cutoff`, oldest first (reconciliation candidates). */
    staleConfirmed: (cutoff: Date, offset: number, limit: number) =>
      db.findMany<CheckoutRow>({
        model: "billingCheckout",
        where: [
          { field: "status", value: "confirmed" },
          { field: "modifiedAt", operator: "lt", value: cutoff },
        ],
        sortBy: { field: "modifiedAt", direction: "asc" },
        offset,
        limit,
      }),
    /**
     * Takes a stale confirmed checkout for one reconciliation run: moves `modifiedAt` to `now` only
     * while it is still confirmed and older than `cutoff`. True for exactly one concurrent caller.
     */
    async claimStaleConfirmed(id: string, cutoff: Date, now: Date): Promise<boolean> {
      const moved = await db.updateMany({
        model: "billingCheckout",
        where: [
          ...byId(id),
          { field: "status", value: "confirmed" },
          { field: "modifiedAt", operator: "lt", value: cutoff },
        ],
        update: { modifiedAt: now },
      });
      return moved === 1;
    },
    /** Writes fields of a checkout only while it is still confirmed (no status change). */
    async patchConfirmed(id: string, changes: Omit<Partial<CheckoutRow>, "status">): Promise<void> {
      await db.updateMany({
        model: "billingCheckout",
        where: [...byId(id), { field: "status", value: "confirmed" }],
        update: changes,
      });
    },

    /** Records a processor event in the inbox; throws a unique violation for a known one. */
    recordProcessorEvent: (data: Row) => db.create({ model: "billingProcessorEvent", data }),
    findProcessorEvent: (processor: string, externalId: string) =>
      db.findOne<ProcessorEventRow>({
        model: "billingProcessorEvent",
        where: processorEvent(processor, externalId),
      }),
    markProcessorEventHandled: (processor: string, externalId: string, at: Date) =>
      db.updateMany({
        model: "billingProcessorEvent",
        where: processorEvent(processor, externalId),
        update: { handledAt: at },
      }),
  };
}
