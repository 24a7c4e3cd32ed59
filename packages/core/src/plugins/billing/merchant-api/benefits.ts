import {
  benefitCreateInput,
  benefitIdInput,
  benefitListInput,
  benefitUpdateInput,
} from "../catalog/benefits/schemas";
import { merchantRead, merchantWrite } from "./define";
import { merchantRoutes as routes } from "./routes";

/** POST /billing/benefits/create {type, description, properties, metadata} */
export const createBenefit = merchantWrite(routes.createBenefit, benefitCreateInput, (b, input) =>
  b.benefits.create(input),
);

/** POST /billing/benefits/update {id, description?, properties?, metadata?} */
export const updateBenefit = merchantWrite(routes.updateBenefit, benefitUpdateInput, (b, input) =>
  b.benefits.update(input),
);

/** POST /billing/benefits/delete {id}: 403 when the benefit is not deletable. */
export const deleteBenefit = merchantWrite(routes.deleteBenefit, benefitIdInput, (b, input) =>
  b.benefits.delete(input),
);

/** GET /billing/benefits/get?id= */
export const getBenefit = merchantRead(routes.getBenefit, benefitIdInput, (b, input) =>
  b.benefits.get(input),
);

/** GET /billing/benefits/list?page&limit&type&query */
export const listBenefits = merchantRead(routes.listBenefits, benefitListInput, (b, input) =>
  b.benefits.list(input),
);
