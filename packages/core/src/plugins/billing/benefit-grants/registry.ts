import type { BenefitType } from "../catalog/benefits/schemas";
import { customStrategy } from "./strategies/custom";
import { discordStrategy } from "./strategies/discord";
import { downloadablesStrategy } from "./strategies/downloadables";
import { githubRepositoryStrategy } from "./strategies/github";
import { licenseKeysStrategy } from "./strategies/license-keys";
import { meterCreditStrategy } from "./strategies/meter-credit";
import type { BenefitStrategy } from "./strategy";

/** Every benefit type's strategy: a new type is one module and one line here. */
export const BENEFIT_STRATEGIES: { readonly [T in BenefitType]: BenefitStrategy } = {
  custom: customStrategy,
  discord: discordStrategy,
  github_repository: githubRepositoryStrategy,
  downloadables: downloadablesStrategy,
  license_keys: licenseKeysStrategy,
  meter_credit: meterCreditStrategy,
};

export function strategyFor(type: string): BenefitStrategy {
  const strategy = (BENEFIT_STRATEGIES as Record<string, BenefitStrategy | undefined>)[type];
  if (!strategy) throw new Error(`No benefit strategy for type "${type}"`);
  return strategy;
}
