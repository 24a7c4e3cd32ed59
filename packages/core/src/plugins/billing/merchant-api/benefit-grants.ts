import { grantListInput } from "../benefit-grants/schemas";
import { merchantRead } from "./define";
import { merchantRoutes as routes } from "./routes";

/** GET /billing/benefit-grants/list?page&limit&benefitId&customerId&isGranted */
export const listBenefitGrants = merchantRead(routes.listBenefitGrants, grantListInput, (b, input) =>
  b.benefitGrants.list(input),
);
