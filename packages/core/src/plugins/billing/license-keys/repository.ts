import type { Where } from "../../../plugin";
import { type DBAdapter, isAdapterError, type Row } from "../../../plugin";
import { listPage } from "../repository";
import type { LicenseKeyActivationRow, LicenseKeyRow, LicenseKeyStatus } from "../rows";
import { licenseKeyStates } from "./status";

const KEYS = "billingLicenseKey";
const ACTIVATIONS = "billingLicenseKeyActivation";
const byId = (id: string): Where => [{ field: "id", value: id }];

export interface LicenseKeyFilter {
  benefitId?: string | undefined;
  customerId?: string | undefined;
  customerIds?: readonly string[] | undefined;
}

/** The only code that touches `billingLicenseKey` and `billingLicenseKeyActivation`. */
export function licenseKeyRepository(db: DBAdapter) {
  return {
    findById: (id: string) => db.findOne<LicenseKeyRow>({ model: KEYS, where: byId(id) }),
    /** The key matched exactly, within one merchant. */
    findByKey: (merchantId: string, key: string) =>
      db.findOne<LicenseKeyRow>({
        model: KEYS,
        where: [
          { field: "key", value: key },
          { field: "merchantId", value: merchantId },
        ],
      }),
    findFor: (customerId: string, benefitId: string) =>
      db.findOne<LicenseKeyRow>({
        model: KEYS,
        where: [
          { field: "customerId", value: customerId },
          { field: "benefitId", value: benefitId },
        ],
      }),
    /** A new key, or null when the customer already has one for the benefit (unique index). */
    async insert(data: Row & { status: LicenseKeyStatus }) {
      licenseKeyStates.assertInitial(data.status);
      try {
        return await db.create<LicenseKeyRow>({ model: KEYS, data });
      } catch (error) {
        if (isAdapterError(error, "UNIQUE_VIOLATION")) return null;
        throw error;
      }
    },
    /** Moves the status by compare-and-set: whether this call won. */
    async move(id: string, from: LicenseKeyStatus, to: LicenseKeyStatus, changes: Row = {}) {
      licenseKeyStates.assertMove(from, to);
      const moved = await db.updateMany({
        model: KEYS,
        where: [...byId(id), { field: "status", value: from }],
        update: { ...changes, status: to },
      });
      return moved > 0;
    },
    patch: (id: string, changes: Row) =>
      db.update<LicenseKeyRow>({ model: KEYS, where: byId(id), update: changes }),
    /**
     * Takes `by` usages of a granted key without passing its limit (guarded increment: concurrent
     * validations never overshoot). Null when the key moved or the limit would be passed.
     */
    useUsage: (id: string, by: number, limit: number | null) =>
      db.incrementOne<LicenseKeyRow>({
        model: KEYS,
        where: [...byId(id), { field: "status", value: "granted" }],
        field: "usage",
        by,
        ...(limit === null ? {} : { max: limit }),
      }),
    /** One more validation, stamped. */
    async countValidation(id: string, at: Date) {
      const row = await db.incrementOne<LicenseKeyRow>({
        model: KEYS,
        where: byId(id),
        field: "validations",
        by: 1,
      });
      await db.updateMany({ model: KEYS, where: byId(id), update: { lastValidatedAt: at, modifiedAt: at } });
      return row ? { ...row, lastValidatedAt: at } : null;
    },
    /** Takes an activation slot (never more than `limit` live activations, under any concurrency). */
    takeActivation: (id: string, limit: number) =>
      db.incrementOne<LicenseKeyRow>({
        model: KEYS,
        where: [...byId(id), { field: "status", value: "granted" }],
        field: "activations",
        by: 1,
        max: limit,
      }),
    giveActivation: (id: string) =>
      db.incrementOne<LicenseKeyRow>({ model: KEYS, where: byId(id), field: "activations", by: -1, min: 0 }),
    insertActivation: (data: Row) => db.create<LicenseKeyActivationRow>({ model: ACTIVATIONS, data }),
    findActivation: (licenseKeyId: string, id: string) =>
      db.findOne<LicenseKeyActivationRow>({
        model: ACTIVATIONS,
        where: [
          ...byId(id),
          { field: "licenseKeyId", value: licenseKeyId },
          { field: "deletedAt", value: null },
        ],
      }),
    /** Soft-deletes a live activation: whether this call did (two deactivations free one slot). */
    deactivate: async (id: string, at: Date) =>
      (await db.updateMany({
        model: ACTIVATIONS,
        where: [...byId(id), { field: "deletedAt", value: null }],
        update: { deletedAt: at, modifiedAt: at },
      })) > 0,
    liveActivations: (licenseKeyIds: readonly string[]) =>
      licenseKeyIds.length === 0
        ? Promise.resolve([] as LicenseKeyActivationRow[])
        : db.findMany<LicenseKeyActivationRow>({
            model: ACTIVATIONS,
            where: [
              { field: "licenseKeyId", operator: "in", value: [...licenseKeyIds] },
              { field: "deletedAt", value: null },
            ],
            sortBy: { field: "createdAt", direction: "asc" },
          }),
    /** Newest first, of one merchant (or of the given customers); filters benefit and customer. */
    page: (merchantId: string | null, filter: LicenseKeyFilter, window: { page?: number; limit?: number }) =>
      listPage<LicenseKeyRow>(
        db,
        KEYS,
        [
          ...(merchantId ? [{ field: "merchantId", value: merchantId }] : []),
          ...(filter.customerIds
            ? [{ field: "customerId", operator: "in" as const, value: [...filter.customerIds] }]
            : []),
          ...(filter.benefitId ? [{ field: "benefitId", value: filter.benefitId }] : []),
          ...(filter.customerId ? [{ field: "customerId", value: filter.customerId }] : []),
        ],
        window,
      ),
  };
}
