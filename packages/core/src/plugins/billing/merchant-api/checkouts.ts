import { checkoutIdInput, checkoutListInput } from "../checkout/reads";
import { merchantRead } from "./define";
import { merchantRoutes as routes } from "./routes";

/** GET /billing/checkouts/list?customerId&productId&status&page&limit */
export const listCheckouts = merchantRead(routes.listCheckouts, checkoutListInput, (b, input) =>
  b.checkouts.list(input),
);

/** GET /billing/checkouts/get?id= */
export const getCheckout = merchantRead(routes.getCheckout, checkoutIdInput, (b, input) =>
  b.checkouts.byId(input),
);
