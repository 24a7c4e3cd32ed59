import { defineEndpoint } from "../../../plugin";
import { activateInput, deactivateInput, validateInput } from "../license-keys/schemas";
import { billingRoutes } from "../routes";
import { billingOf } from "../services";

/**
 * The license key API a merchant's software calls (Polar's customer portal license-key endpoints):
 * public, the key and `organizationId` are the credentials. Errors as BILLING.md 6.3.
 */

/** POST /customer/license-keys/validate {key, organizationId, activationId?, benefitId?, incrementUsage?, conditions?} */
export const validateLicenseKey = defineEndpoint(billingRoutes.validateLicenseKey, {
  body: validateInput,
  handler: ({ app, body }) => billingOf(app).licenseKeys.validate(body),
});

/** POST /customer/license-keys/activate {key, organizationId, label, conditions?, meta?} */
export const activateLicenseKey = defineEndpoint(billingRoutes.activateLicenseKey, {
  body: activateInput,
  handler: ({ app, body }) => billingOf(app).licenseKeys.activate(body),
});

/** POST /customer/license-keys/deactivate {key, organizationId, activationId} */
export const deactivateLicenseKey = defineEndpoint(billingRoutes.deactivateLicenseKey, {
  body: deactivateInput,
  handler: ({ app, body }) => billingOf(app).licenseKeys.deactivate(body),
});
