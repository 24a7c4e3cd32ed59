import { benefitRepository } from "../catalog/benefits/repository";
import type { BillingContext } from "../context";
import { BILLING_ERRORS, usagesLeft } from "../errors";
import { merchantOf, parseInput } from "../input";
import type { MerchantService } from "../merchants/service";
import { paginated } from "../pagination";
import type { LicenseKeyRow } from "../rows";
import { licenseKeyRepository } from "./repository";
import {
  type ActivateInput,
  activateInput,
  type DeactivateInput,
  deactivateInput,
  type LicenseKeyListInput,
  type LicenseKeyUpdateInput,
  licenseKeyIdInput,
  licenseKeyListInput,
  licenseKeyUpdateInput,
  type ValidateInput,
  validateInput,
} from "./schemas";
import { serializeActivation, serializeLicenseKey } from "./serialize";

/** Exact equality of two flat maps, whatever the key order. */
const sameMap = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const norm = (m: Record<string, unknown>) =>
    JSON.stringify(Object.entries(m).sort(([x], [y]) => (x < y ? -1 : 1)));
  return norm(a) === norm(b);
};

/**
 * License keys (BILLING.md 6.3): the public validate / activate / deactivate calls a merchant's
 * software makes with a key (no session; the key and `organizationId` are the credentials), and the
 * merchant's list / get / update. Limits are held by guarded increments on the key row, so
 * concurrent activations or usages never pass them.
 */
export function createLicenseKeyService(ctx: BillingContext, merchants: MerchantService) {
  const db = ctx.app.adapter;

  /** The key of the merchant named by `organizationId`, matched exactly; 404 otherwise. */
  async function keyOf(organizationId: string, key: string) {
    const merchant = await merchants.byId(organizationId).catch(() => null);
    if (!merchant) throw BILLING_ERRORS.LICENSE_KEY_NOT_FOUND();
    const row = await licenseKeyRepository(db).findByKey(merchant.id, key);
    if (!row) throw BILLING_ERRORS.LICENSE_KEY_NOT_FOUND();
    return row;
  }

  const expired = (row: LicenseKeyRow) => row.expiresAt !== null && ctx.now() >= row.expiresAt;

  /** POST /customer/license-keys/validate: the key (and activation) when it may be used now. */
  async function validate(input: ValidateInput) {
    const data = parseInput(validateInput, input);
    const repo = licenseKeyRepository(db);
    const row = await keyOf(data.organizationId, data.key);
    if (row.status !== "granted") throw BILLING_ERRORS.LICENSE_KEY_IS_NO_LONGER_ACTIVE();
    if (expired(row)) throw BILLING_ERRORS.LICENSE_KEY_HAS_EXPIRED();
    const activation = data.activationId ? await repo.findActivation(row.id, data.activationId) : null;
    if (data.activationId && !activation) throw BILLING_ERRORS.LICENSE_KEY_ACTIVATION_NOT_FOUND();
    if (activation && Object.keys(activation.conditions ?? {}).length > 0)
      if (!sameMap(activation.conditions, data.conditions ?? {}))
        throw BILLING_ERRORS.LICENSE_KEY_DOES_NOT_MATCH_REQUIRED_CONDITIONS();
    if (data.benefitId && data.benefitId !== row.benefitId)
      throw BILLING_ERRORS.LICENSE_KEY_DOES_NOT_MATCH_GIVEN_BENEFIT();
    if (data.customerId && data.customerId !== row.customerId)
      throw BILLING_ERRORS.LICENSE_KEY_DOES_NOT_MATCH_GIVEN_USER();
    let current = row;
    const increment = data.incrementUsage ?? 0;
    if (increment > 0) {
      if (row.limitUsage !== null && increment > row.limitUsage - row.usage)
        throw usagesLeft(Math.max(0, row.limitUsage - row.usage));
      const used = await repo.useUsage(row.id, increment, row.limitUsage);
      if (!used) {
        // Another validation took the rest first (or the key moved): say what is left now.
        const now = await repo.findById(row.id);
        if (now?.status !== "granted") throw BILLING_ERRORS.LICENSE_KEY_IS_NO_LONGER_ACTIVE();
        throw usagesLeft(Math.max(0, (now.limitUsage ?? 0) - now.usage));
      }
      current = used;
    }
    const counted = (await repo.countValidation(row.id, ctx.now())) ?? current;
    return {
      ...serializeLicenseKey(counted),
      activation: activation ? serializeActivation(activation) : null,
    };
  }

  /** POST /customer/license-keys/activate: a new activation, within the key's limit. */
  async function activate(input: ActivateInput) {
    const data = parseInput(activateInput, input);
    const row = await keyOf(data.organizationId, data.key);
    if (row.status !== "granted") throw BILLING_ERRORS.LICENSE_KEY_IS_NO_LONGER_ACTIVE.activate();
    if (expired(row)) throw BILLING_ERRORS.LICENSE_KEY_HAS_EXPIRED.activate();
    const limit = row.limitActivations;
    if (limit === null)
      throw BILLING_ERRORS.THIS_LICENSE_KEY_DOES_NOT_SUPPORT_ACTIVATIONS_USE_THE_VALIDATE_ENDPOINT_INSTEAD_TO_CHECK_LICENSE_VALIDITY();
    const activation = await ctx.write(async (tx) => {
      const repo = licenseKeyRepository(tx);
      // The slot first (guarded: never above the limit), then the row; both or neither.
      if (!(await repo.takeActivation(row.id, limit))) return null;
      const now = ctx.now();
      return repo.insertActivation({
        licenseKeyId: row.id,
        label: data.label,
        conditions: data.conditions ?? {},
        meta: data.meta ?? {},
        createdAt: now,
        modifiedAt: now,
      });
    });
    if (!activation) {
      const now = await licenseKeyRepository(db).findById(row.id);
      if (now?.status !== "granted") throw BILLING_ERRORS.LICENSE_KEY_IS_NO_LONGER_ACTIVE.activate();
      throw BILLING_ERRORS.LICENSE_KEY_ACTIVATION_LIMIT_ALREADY_REACHED();
    }
    return { ...serializeActivation(activation), licenseKey: serializeLicenseKey(row) };
  }

  /** POST /customer/license-keys/deactivate: frees the activation's slot (once). */
  async function deactivate(input: DeactivateInput) {
    const data = parseInput(deactivateInput, input);
    const row = await keyOf(data.organizationId, data.key);
    const done = await ctx.write(async (tx) => {
      const repo = licenseKeyRepository(tx);
      const activation = await repo.findActivation(row.id, data.activationId);
      if (!activation || !(await repo.deactivate(activation.id, ctx.now()))) return false;
      await repo.giveActivation(row.id);
      return true;
    });
    if (!done) throw BILLING_ERRORS.LICENSE_KEY_ACTIVATION_NOT_FOUND();
    return { success: true };
  }

  async function find(input: { id: string; organizationId?: string | null }) {
    const merchant = await merchantOf(merchants, input);
    const row = await licenseKeyRepository(db).findById(input.id);
    if (!row || row.merchantId !== merchant.id) throw BILLING_ERRORS.LICENSE_KEY_NOT_FOUND();
    return row;
  }

  /** GET /billing/license-keys/get?id=: the key with its live activations. */
  async function get(input: { id: string; organizationId?: string | null }) {
    const row = await find(parseInput(licenseKeyIdInput, input, "query"));
    const activations = await licenseKeyRepository(db).liveActivations([row.id]);
    return { ...serializeLicenseKey(row), activations: activations.map(serializeActivation) };
  }

  /** GET /billing/license-keys/list: newest first; filters benefitId, customerId. */
  async function list(input: LicenseKeyListInput = {}) {
    const data = parseInput(licenseKeyListInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    const { rows, total, page, limit } = await licenseKeyRepository(db).page(merchant.id, data, data);
    return paginated(rows.map(serializeLicenseKey), total, page, limit);
  }

  /** POST /billing/license-keys/update: status (through the state table), usage, limits, expiry. */
  async function update(input: LicenseKeyUpdateInput) {
    const data = parseInput(licenseKeyUpdateInput, input);
    const row = await find(data);
    const now = ctx.now();
    const changes: Record<string, unknown> = { modifiedAt: now };
    if (data.usage !== undefined) changes.usage = data.usage;
    if (data.limitActivations !== undefined) changes.limitActivations = data.limitActivations;
    if (data.limitUsage !== undefined) changes.limitUsage = data.limitUsage;
    if (data.expiresAt !== undefined) changes.expiresAt = data.expiresAt;
    const repo = licenseKeyRepository(db);
    if (data.status && data.status !== row.status) {
      if (!(await repo.move(row.id, row.status, data.status, changes)))
        throw BILLING_ERRORS.LICENSE_KEY_NOT_FOUND();
    } else await repo.patch(row.id, changes);
    return serializeLicenseKey((await repo.findById(row.id)) ?? row);
  }

  /**
   * GET /customer/license-keys/list: the buyer's own keys, newest first; each key's activations are
   * listed when its benefit enables customer admin (`activations.enableCustomerAdmin`).
   */
  async function listForCustomers(customerIds: readonly string[], window: { page: number; limit: number }) {
    if (customerIds.length === 0) return paginated([], 0, window.page, window.limit);
    const repo = licenseKeyRepository(db);
    const { rows, total } = await repo.page(null, { customerIds }, window);
    const benefits = await benefitRepository(db).findAnyByIds(rows.map((r) => r.benefitId));
    const admin = new Set(
      benefits
        .filter(
          (b) => (b.properties?.activations as { enableCustomerAdmin?: boolean } | null)?.enableCustomerAdmin,
        )
        .map((b) => b.id),
    );
    const shown = rows.filter((r) => admin.has(r.benefitId));
    const activations = await repo.liveActivations(shown.map((r) => r.id));
    const items = rows.map((r) => ({
      ...serializeLicenseKey(r),
      activations: admin.has(r.benefitId)
        ? activations.filter((a) => a.licenseKeyId === r.id).map(serializeActivation)
        : null,
    }));
    return paginated(items, total, window.page, window.limit);
  }

  return { validate, activate, deactivate, get, list, update, listForCustomers };
}

export type LicenseKeyService = ReturnType<typeof createLicenseKeyService>;
