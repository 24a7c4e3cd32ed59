import { defineStateTable, type StatusOf } from "../state-table";

/**
 * Benefit grant statuses (BILLING.md 6.1-6.2): granted or revoked. A revoked grant is granted
 * again when its scope becomes active again (a past-due subscription paying); revoking twice or
 * granting twice is a no-op for the caller, not a move.
 */
export const benefitGrantStates = defineStateTable("benefit grant", ["granted", "revoked"], {
  initial: ["granted"],
  moves: {
    granted: ["revoked"],
    revoked: ["granted"],
  },
});

export type BenefitGrantStatus = StatusOf<typeof benefitGrantStates>;
