import { billingRoutes as routes } from "../routes";
import { read, write } from "./portal-api";

/** GET .../api/benefits: granted benefits, license keys (masked, with activations), download links. */
export const portalBenefits = read(routes.portalBenefits, (a, access) => a.benefits(access));
/** GET .../api/license-keys/reveal?licenseKeyId=: the full key of one of the customer's keys. */
export const portalRevealLicenseKey = read(routes.portalRevealLicenseKey, (a, access, q) =>
  a.revealKey(access, q),
);
/** POST .../api/license-keys/deactivate {licenseKeyId, activationId} */
export const portalDeactivateActivation = write(routes.portalDeactivateActivation, (a, access, b) =>
  a.deactivate(access, b),
);
/** GET .../api/usage: per meter consumed, credited and balance. */
export const portalUsage = read(routes.portalUsage, (a, access) => a.usage(access));
/** GET .../api/payment-methods: the methods the customer's subscriptions charge. */
export const portalPaymentMethods = read(routes.portalPaymentMethods, (a, access) =>
  a.paymentMethods(access),
);
/** POST .../api/payment-methods/update {paymentMethod}: a setup through the processor. */
export const portalUpdatePaymentMethod = write(routes.portalUpdatePaymentMethod, (a, access, b) =>
  a.updatePaymentMethod(access, b),
);
/** POST .../api/billing-details/update {name?, billingAddress, taxId?} */
export const portalUpdateBillingDetails = write(routes.portalUpdateBillingDetails, (a, access, b) =>
  a.updateDetails(access, b),
);
