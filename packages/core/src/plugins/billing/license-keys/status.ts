import { defineStateTable, type StatusOf } from "../state-table";

/**
 * License key statuses (BILLING.md 6.3): granted while a grant holds it, revoked when the last
 * grant ends (a re-grant brings it back), disabled by the merchant (validations fail until the
 * merchant grants it again).
 */
export const licenseKeyStates = defineStateTable("license key", ["granted", "revoked", "disabled"], {
  initial: ["granted"],
  moves: {
    granted: ["revoked", "disabled"],
    revoked: ["granted", "disabled"],
    disabled: ["granted", "revoked"],
  },
});

export type LicenseKeyStatusOf = StatusOf<typeof licenseKeyStates>;
