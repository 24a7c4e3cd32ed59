import { licenseKeyIdInput, licenseKeyListInput, licenseKeyUpdateInput } from "../license-keys/schemas";
import { merchantRead, merchantWrite } from "./define";
import { merchantRoutes as routes } from "./routes";

/** GET /billing/license-keys/list?page&limit&benefitId&customerId */
export const listLicenseKeys = merchantRead(routes.listLicenseKeys, licenseKeyListInput, (b, input) =>
  b.licenseKeys.list(input),
);

/** GET /billing/license-keys/get?id=: the key with its activations. */
export const getLicenseKey = merchantRead(routes.getLicenseKey, licenseKeyIdInput, (b, input) =>
  b.licenseKeys.get(input),
);

/** POST /billing/license-keys/update {id, status?, usage?, limitActivations?, limitUsage?, expiresAt?} */
export const updateLicenseKey = merchantWrite(routes.updateLicenseKey, licenseKeyUpdateInput, (b, input) =>
  b.licenseKeys.update(input),
);
