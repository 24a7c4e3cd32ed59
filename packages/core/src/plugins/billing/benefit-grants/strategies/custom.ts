import type { BenefitStrategy } from "../strategy";

/**
 * `custom` (BILLING.md 6.3): nothing outside the engine. The grant carries the benefit's note so
 * the customer sees it with the grant (and only while it is granted: a revoked grant drops it).
 */
const note = (properties: Record<string, unknown>) =>
  typeof properties.note === "string" && properties.note.length > 0 ? { note: properties.note } : {};

export const customStrategy: BenefitStrategy = {
  type: "custom",
  grant: async ({ benefit }) => note(benefit.properties ?? {}),
  revoke: async () => ({}),
  cycle: async ({ benefit }) => note(benefit.properties ?? {}),
  update: async ({ benefit }) => note(benefit.properties ?? {}),
};
