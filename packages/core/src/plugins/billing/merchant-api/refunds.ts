import { refundCreateInput, refundIdInput, refundListInput } from "../refunds/schemas";
import { merchantRead, merchantWrite } from "./define";
import { merchantRoutes as routes } from "./routes";

/** POST /billing/refunds/create {orderId, amount, reason, comment?, revokeBenefits?, metadata?} */
export const createRefund = merchantWrite(routes.createRefund, refundCreateInput, (b, input) =>
  b.refunds.create(input),
);

/** GET /billing/refunds/get?id= */
export const getRefund = merchantRead(routes.getRefund, refundIdInput, (b, input) => b.refunds.get(input));

/** GET /billing/refunds/list?page&limit&orderId&customerId&subscriptionId */
export const listRefunds = merchantRead(routes.listRefunds, refundListInput, (b, input) =>
  b.refunds.list(input),
);
