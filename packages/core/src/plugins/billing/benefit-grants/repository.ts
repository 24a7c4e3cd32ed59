import type { Where } from "../../../plugin";
import { type DBAdapter, isAdapterError, type Row } from "../../../plugin";
import { listPage } from "../repository";
import type { BenefitGrantRow } from "../rows";
import { type BenefitGrantStatus, benefitGrantStates } from "./status";

const MODEL = "billingBenefitGrant";
const byId = (id: string): Where => [{ field: "id", value: id }];

export interface GrantFilter {
  benefitId?: string | undefined;
  customerId?: string | undefined;
  customerIds?: readonly string[] | undefined;
  isGranted?: boolean | undefined;
  status?: BenefitGrantStatus | undefined;
}

/** The only code that touches `billingBenefitGrant`. */
export function benefitGrantRepository(db: DBAdapter) {
  const find = (where: Where) => db.findOne<BenefitGrantRow>({ model: MODEL, where });
  return {
    findById: (id: string) => find(byId(id)),
    findInScope: (customerId: string, benefitId: string, scope: string) =>
      find([
        { field: "customerId", value: customerId },
        { field: "benefitId", value: benefitId },
        { field: "scope", value: scope },
      ]),
    /**
     * Inserts a grant in its initial status, or returns null when the (customer, benefit, scope)
     * row already exists (a concurrent or repeated enqueue): the unique index decides.
     */
    async insert(data: Row & { status: BenefitGrantStatus }) {
      benefitGrantStates.assertInitial(data.status);
      try {
        return await db.create<BenefitGrantRow>({ model: MODEL, data });
      } catch (error) {
        if (isAdapterError(error, "UNIQUE_VIOLATION")) return null;
        throw error;
      }
    },
    /** Grants of a scope that has none yet (a new order), in one multi-row insert. */
    async insertMany(data: readonly (Row & { status: BenefitGrantStatus })[]) {
      for (const row of data) benefitGrantStates.assertInitial(row.status);
      return db.createMany({ model: MODEL, data });
    },
    /** Grants of one scope (`order:<id>` / `subscription:<id>`). */
    ofScope: (scope: string) =>
      db.findMany<BenefitGrantRow>({ model: MODEL, where: [{ field: "scope", value: scope }] }),
    /** The grants of several scopes in one query. */
    ofScopes: (scopes: readonly string[]) =>
      scopes.length === 0
        ? Promise.resolve([] as BenefitGrantRow[])
        : db.findMany<BenefitGrantRow>({
            model: MODEL,
            where: [{ field: "scope", operator: "in", value: [...scopes] }],
          }),
    /** Every grant of one benefit in some status (benefit edits and deletion). */
    ofBenefit: (benefitId: string, status: BenefitGrantStatus) =>
      db.findMany<BenefitGrantRow>({
        model: MODEL,
        where: [
          { field: "benefitId", value: benefitId },
          { field: "status", value: status },
        ],
      }),
    /** Every grant of a customer in some status (customer deletion). */
    ofCustomer: (customerId: string, status: BenefitGrantStatus) =>
      db.findMany<BenefitGrantRow>({
        model: MODEL,
        where: [
          { field: "customerId", value: customerId },
          { field: "status", value: status },
        ],
      }),
    /** Carried-out grants of a customer, oldest first (customer state). */
    grantedOf: (customerId: string) =>
      db.findMany<BenefitGrantRow>({
        model: MODEL,
        where: [
          { field: "customerId", value: customerId },
          { field: "status", value: "granted" },
          { field: "isGranted", value: true },
        ],
        sortBy: [
          { field: "createdAt", direction: "asc" },
          { field: "id", direction: "asc" },
        ],
      }),
    /** Other grants of the same benefit still held (or about to be) by the customer. */
    countOtherGranted: (grant: BenefitGrantRow) =>
      db.count({
        model: MODEL,
        where: [
          { field: "customerId", value: grant.customerId },
          { field: "benefitId", value: grant.benefitId },
          { field: "status", value: "granted" },
          { field: "id", operator: "ne", value: grant.id },
        ],
      }),
    /**
     * Moves the status by compare-and-set (whether this call won) and makes the row due now.
     * Disallowed moves throw: a programming error.
     */
    async move(id: string, from: BenefitGrantStatus, to: BenefitGrantStatus, changes: Row = {}) {
      benefitGrantStates.assertMove(from, to);
      const moved = await db.updateMany({
        model: MODEL,
        where: [...byId(id), { field: "status", value: from }],
        update: { ...changes, status: to },
      });
      return moved > 0;
    },
    /** Queues work on a grant in `status` (a cycle, an update): changes applied only in that status. */
    patchIn: async (id: string, status: BenefitGrantStatus, changes: Row) =>
      (await db.updateMany({
        model: MODEL,
        where: [...byId(id), { field: "status", value: status }],
        update: changes,
      })) > 0,
    /** One more renewal for the strategy to apply (atomic: two renewals queue two cycles). */
    addCycle: (id: string) =>
      db.incrementOne<BenefitGrantRow>({
        model: MODEL,
        where: [...byId(id), { field: "status", value: "granted" }],
        field: "pendingCycles",
        by: 1,
      }),
    /** Takes `n` applied renewals off the queue; the row after, with what is left. */
    takeCycles: (id: string, n: number) =>
      db.incrementOne<BenefitGrantRow>({
        model: MODEL,
        where: byId(id),
        field: "pendingCycles",
        by: -n,
        min: 0,
      }),
    /**
     * Grants of these customers that wait for someone to act (not carried out, no retry planned):
     * due now. Linking the missing account is such an act.
     */
    retryAwaiting: (customerIds: readonly string[], now: Date) =>
      customerIds.length === 0
        ? Promise.resolve(0)
        : db.updateMany({
            model: MODEL,
            where: [
              { field: "customerId", operator: "in", value: [...customerIds] },
              { field: "status", value: "granted" },
              { field: "isGranted", value: false },
              { field: "nextAttemptAt", value: null },
            ],
            update: { nextAttemptAt: now },
          }),
    /** Claims up to `limit` grants with due work (revokes first, then the rest), with a lease. */
    claimDue: (now: Date, limit: number, leaseMs: number, status: BenefitGrantStatus) =>
      db.claimDue<BenefitGrantRow>({
        model: MODEL,
        where: [
          { field: "status", value: status },
          { field: "nextAttemptAt", operator: "lte", value: now },
        ],
        limit,
        leaseMs,
        now,
        sortBy: { field: "nextAttemptAt", direction: "asc" },
      }),
    /**
     * Records the outcome of a job while this worker still holds the lease and the status is the
     * one the job ran for; whether it was recorded (a concurrent revoke wins over a grant).
     */
    finish: async (grant: BenefitGrantRow, update: Row) =>
      (await db.updateMany({
        model: MODEL,
        where: [
          ...byId(grant.id),
          { field: "lockToken", value: grant.lockToken },
          { field: "status", value: grant.status },
        ],
        update,
      })) > 0,
    /** Gives a claimed row back (lease cleared) without recording anything. */
    release: (id: string, lockToken: string | null) =>
      db.updateMany({
        model: MODEL,
        where: [...byId(id), { field: "lockToken", value: lockToken }],
        update: { lockedUntil: null, lockToken: null },
      }),
    /** Newest first, of one merchant (or of the given customers); filters benefit, customer(s), isGranted. */
    page: (merchantId: string | null, filter: GrantFilter, window: { page?: number; limit?: number }) =>
      listPage<BenefitGrantRow>(
        db,
        MODEL,
        [
          ...(merchantId ? [{ field: "merchantId", value: merchantId }] : []),
          ...(filter.benefitId ? [{ field: "benefitId", value: filter.benefitId }] : []),
          ...(filter.customerId ? [{ field: "customerId", value: filter.customerId }] : []),
          ...(filter.customerIds
            ? [{ field: "customerId", operator: "in" as const, value: [...filter.customerIds] }]
            : []),
          ...(filter.isGranted !== undefined ? [{ field: "isGranted", value: filter.isGranted }] : []),
          ...(filter.status ? [{ field: "status", value: filter.status }] : []),
        ],
        window,
      ),
  };
}

export type BenefitGrantRepository = ReturnType<typeof benefitGrantRepository>;
