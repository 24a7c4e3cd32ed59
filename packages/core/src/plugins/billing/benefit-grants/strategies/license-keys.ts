import { randomUUID } from "node:crypto";
import { expiryFrom, licenseSettings } from "../../license-keys/expiry";
import { licenseKeyRepository } from "../../license-keys/repository";
import type { LicenseKeyRow } from "../../rows";
import type { BenefitStrategy, BenefitStrategyInput } from "../strategy";

/** `PREFIX-UUID` in upper case (BILLING.md 6.3): 122 random bits, not guessable. */
export function newLicenseKey(prefix: string | null) {
  const uuid = randomUUID().toUpperCase();
  const trimmed = prefix?.trim();
  const key = trimmed ? `${trimmed.toUpperCase()}-${uuid}` : uuid;
  return { key, displayKey: `****-${key.slice(-6)}` };
}

const propertiesOf = (row: LicenseKeyRow) => ({ licenseKeyId: row.id, displayKey: row.displayKey });

/**
 * `license_keys`: one key per (customer, benefit), kept across grants (a re-grant brings the same
 * key back to granted; a retried grant finds it). Revoke sets it revoked; a renewal extends its
 * expiry when the benefit has a ttl; an edit re-applies the limits and the expiry.
 */
async function grant({ ctx, benefit, customer }: BenefitStrategyInput) {
  const repo = licenseKeyRepository(ctx.app.adapter);
  const settings = licenseSettings(benefit.properties ?? {});
  const now = ctx.now();
  let row = await repo.findFor(customer.id, benefit.id);
  if (!row) {
    const { key, displayKey } = newLicenseKey(settings.prefix);
    row =
      (await repo.insert({
        merchantId: benefit.merchantId,
        customerId: customer.id,
        benefitId: benefit.id,
        key,
        displayKey,
        status: "granted",
        limitActivations: settings.limitActivations,
        limitUsage: settings.limitUsage,
        expiresAt: expiryFrom(now, settings),
        createdAt: now,
        modifiedAt: now,
      })) ?? (await repo.findFor(customer.id, benefit.id));
    if (!row) throw new Error(`license key of customer ${customer.id} for ${benefit.id} vanished`);
    return propertiesOf(row);
  }
  if (row.status === "revoked")
    await repo.move(row.id, "revoked", "granted", { expiresAt: expiryFrom(now, settings), modifiedAt: now });
  return propertiesOf(row);
}

export const licenseKeysStrategy: BenefitStrategy = {
  type: "license_keys",
  grant,
  async revoke({ ctx, benefit, customer, grantProperties }) {
    const repo = licenseKeyRepository(ctx.app.adapter);
    const row = await repo.findFor(customer.id, benefit.id);
    if (row && row.status !== "revoked")
      await repo.move(row.id, row.status, "revoked", { modifiedAt: ctx.now() });
    return grantProperties;
  },
  async cycle({ ctx, benefit, customer, grantProperties }) {
    const repo = licenseKeyRepository(ctx.app.adapter);
    const settings = licenseSettings(benefit.properties ?? {});
    const row = await repo.findFor(customer.id, benefit.id);
    const extended = expiryFrom(ctx.now(), settings);
    if (row && extended && (!row.expiresAt || row.expiresAt < extended))
      await repo.patch(row.id, { expiresAt: extended, modifiedAt: ctx.now() });
    return row ? propertiesOf(row) : grantProperties;
  },
  async update({ ctx, benefit, customer, grantProperties }) {
    const repo = licenseKeyRepository(ctx.app.adapter);
    const settings = licenseSettings(benefit.properties ?? {});
    const row = await repo.findFor(customer.id, benefit.id);
    if (!row) return grant({ ctx, benefit, customer, grantProperties, linkedAccount: async () => null });
    await repo.patch(row.id, {
      limitActivations: settings.limitActivations,
      limitUsage: settings.limitUsage,
      expiresAt: expiryFrom(row.createdAt, settings),
      modifiedAt: ctx.now(),
    });
    return propertiesOf(row);
  },
};
