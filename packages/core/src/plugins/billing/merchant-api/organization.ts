import { merchantGetInput, merchantUpdateInput } from "../merchants/settings";
import { merchantRead, merchantWrite } from "./define";
import { merchantRoutes as routes } from "./routes";

/** GET /billing/organization?organizationId=: the merchant organization (spec shape). */
export const getBillingOrganization = merchantRead(
  routes.getBillingOrganization,
  merchantGetInput,
  (b, input) => b.organization.get(input),
);

/** POST /billing/organization/update: profile, socials and settings; emits organization.updated. */
export const updateBillingOrganization = merchantWrite(
  routes.updateBillingOrganization,
  merchantUpdateInput,
  (b, input) => b.organization.update(input),
);
