import { defineEndpoint } from "../../../plugin";
import { billingRoutes } from "../routes";
import { billingOf } from "../services";
import { checkoutPatchSchema, confirmSchema } from "./schemas";

/** The client secret is the only credential of these endpoints (Polar's checkout client API). */
const secretOf = (params: Readonly<Record<string, string>>) => params.clientSecret ?? "";

/** GET /checkouts/client/{clientSecret}: 404 unknown, 410 expired. */
export const getClientCheckout = defineEndpoint(billingRoutes.getClientCheckout, {
  noStore: true,
  handler: ({ app, params }) => billingOf(app).checkouts.get(secretOf(params)),
});

/** PATCH /checkouts/client/{clientSecret}: customer fields, discount code, amount, custom fields. */
export const updateClientCheckout = defineEndpoint(billingRoutes.updateClientCheckout, {
  body: checkoutPatchSchema,
  noStore: true,
  handler: ({ app, params, body }) => billingOf(app).checkouts.update(secretOf(params), body),
});

/** POST /checkouts/client/{clientSecret}/confirm with the payment method in `confirmationTokenId`. */
export const confirmClientCheckout = defineEndpoint(billingRoutes.confirmClientCheckout, {
  body: confirmSchema,
  noStore: true,
  handler: ({ app, params, body }) => billingOf(app).checkouts.confirm(secretOf(params), body),
});
