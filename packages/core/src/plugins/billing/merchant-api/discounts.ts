import {
  discountCreateInput,
  discountIdInput,
  discountListInput,
  discountUpdateInput,
} from "../discounts/schemas";
import { merchantRead, merchantWrite } from "./define";
import { merchantRoutes as routes } from "./routes";

/** POST /billing/discounts/create (BILLING.md 4.1 rules) */
export const createDiscount = merchantWrite(routes.createDiscount, discountCreateInput, (b, input) =>
  b.discounts.create(input),
);

/** POST /billing/discounts/update: type and duration immutable; amounts locked once redeemed. */
export const updateDiscount = merchantWrite(routes.updateDiscount, discountUpdateInput, (b, input) =>
  b.discounts.update(input),
);

/** POST /billing/discounts/delete {id} (soft delete; the code is free again) */
export const deleteDiscount = merchantWrite(routes.deleteDiscount, discountIdInput, (b, input) =>
  b.discounts.delete(input),
);

/** GET /billing/discounts/get?id= */
export const getDiscount = merchantRead(routes.getDiscount, discountIdInput, (b, input) =>
  b.discounts.get(input),
);

/** GET /billing/discounts/list?page&limit&query */
export const listDiscounts = merchantRead(routes.listDiscounts, discountListInput, (b, input) =>
  b.discounts.list(input),
);
