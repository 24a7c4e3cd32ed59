import type { BillingContext } from "../context";
import { customerRepository } from "../customers/repository";
import { merchantOf, parseInput } from "../input";
import type { MerchantService } from "../merchants/service";
import { paginated } from "../pagination";
import { benefitGrantRepository } from "./repository";
import { createGrantRunner } from "./runner";
import { type GrantListInput, grantListInput } from "./schemas";
import { serializeGrants } from "./serialize";

/**
 * Benefit grants (`auth.billing.benefitGrants`): the merchant's list, the buyer's list, and the
 * grant jobs `runDue()` runs. Grants are created by the triggers in `./enqueue.ts`.
 */
export function createBenefitGrantService(ctx: BillingContext, merchants: MerchantService) {
  const db = ctx.app.adapter;
  const runner = createGrantRunner(ctx);

  /** GET /billing/benefit-grants/list: newest first; filters benefitId, customerId, isGranted. */
  async function list(input: GrantListInput = {}) {
    const data = parseInput(grantListInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    const { rows, total, page, limit } = await benefitGrantRepository(db).page(merchant.id, data, data);
    return paginated(await serializeGrants(db, rows), total, page, limit);
  }

  /** The buyer's grants (not revoked), newest first, with their properties and benefits. */
  async function listForCustomers(customerIds: readonly string[], window: { page: number; limit: number }) {
    if (customerIds.length === 0) return paginated([], 0, window.page, window.limit);
    const { rows, total } = await benefitGrantRepository(db).page(
      null,
      { customerIds, status: "granted" },
      window,
    );
    return paginated(await serializeGrants(db, rows), total, window.page, window.limit);
  }

  /** A customer's carried-out grants (benefit and properties): what downloads may hand out. */
  async function currentOf(customerId: string) {
    const rows = await benefitGrantRepository(db).grantedOf(customerId);
    return rows.map((g) => ({ benefitId: g.benefitId, properties: g.properties ?? {} }));
  }

  /**
   * A user linked an account (social sign-in): grants of their customers that waited for one
   * (Discord, GitHub) are tried again at the next `runDue()`. How many were rescheduled.
   */
  async function retryForUser(userId: string) {
    const customers = await customerRepository(db).findAllByExternalId(userId);
    return benefitGrantRepository(db).retryAwaiting(
      customers.map((c) => c.id),
      ctx.now(),
    );
  }

  return { list, listForCustomers, currentOf, retryForUser, runDue: runner.runDue };
}

export type BenefitGrantService = ReturnType<typeof createBenefitGrantService>;
