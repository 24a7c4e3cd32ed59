import { meterCreditRepository } from "../../meter-credits/repository";
import type { BenefitStrategy, BenefitStrategyInput, GrantProperties } from "../strategy";

/**
 * `meter_credit` (BILLING.md 6.3): `units` credited to the benefit's meter on grant and at every
 * renewal, one ledger row each (`billingMeterCredit`, summed by the customer meter balance), with
 * the `rollover` flag. Revoke debits the last credit. The grant's properties say what was credited.
 */
interface Credit {
  meterId: string;
  units: number;
  rollover: boolean;
}

const creditOf = (properties: Record<string, unknown>): Credit => ({
  meterId: String(properties.meterId),
  units: Number(properties.units),
  rollover: properties.rollover === true,
});

async function credit(input: BenefitStrategyInput, reason: "grant" | "cycle"): Promise<GrantProperties> {
  const { ctx, benefit, customer, grantProperties } = input;
  const c = creditOf(benefit.properties ?? {});
  const now = ctx.now();
  await meterCreditRepository(ctx.app.adapter).insert({
    merchantId: benefit.merchantId,
    customerId: customer.id,
    meterId: c.meterId,
    benefitId: benefit.id,
    units: c.units,
    rollover: c.rollover,
    reason,
    createdAt: now,
  });
  const before = typeof grantProperties.creditedUnits === "number" ? grantProperties.creditedUnits : 0;
  return {
    meterId: c.meterId,
    rollover: c.rollover,
    creditedUnits: before + c.units,
    lastCreditedUnits: c.units,
    lastCreditedAt: now.toISOString(),
  };
}

export const meterCreditStrategy: BenefitStrategy = {
  type: "meter_credit",
  // A grant already credited (its properties say so) is not credited again.
  grant: async (input) =>
    typeof input.grantProperties.lastCreditedAt === "string" ? input.grantProperties : credit(input, "grant"),
  cycle: (input) => credit(input, "cycle"),
  async revoke({ ctx, benefit, customer, grantProperties }) {
    const last = Number(grantProperties.lastCreditedUnits ?? 0);
    const meterId = String(grantProperties.meterId ?? creditOf(benefit.properties ?? {}).meterId);
    if (last > 0)
      await meterCreditRepository(ctx.app.adapter).insert({
        merchantId: benefit.merchantId,
        customerId: customer.id,
        meterId,
        benefitId: benefit.id,
        units: -last,
        rollover: grantProperties.rollover === true,
        reason: "revoke",
        createdAt: ctx.now(),
      });
    return { meterId, rollover: grantProperties.rollover === true, creditedUnits: 0 };
  },
  // New units and rollover apply from the next renewal; what was credited stays.
  update: async ({ grantProperties }) => grantProperties,
};
