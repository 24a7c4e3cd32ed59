import { defineEndpoint } from "../../../router/endpoint";
import { htmlPage, newNonce } from "../../../router/page-security";
import { merchantForCaller } from "../access";
import { orderIdInput, orderListInput } from "../orders/reads";
import { invoiceDocument } from "../portal-page/invoice-html";
import { billingOf } from "../services";
import { merchantRead } from "./define";
import { merchantRoutes as routes } from "./routes";

/** GET /billing/orders/list?customerId&productId&billingReason&status&page&limit */
export const listOrders = merchantRead(routes.listOrders, orderListInput, (b, input) => b.orders.list(input));

/** GET /billing/orders/get?id= */
export const getOrder = merchantRead(routes.getOrder, orderIdInput, (b, input) => b.orders.get(input));

/** Does the request prefer HTML (a browser opening the link) over JSON? */
const wantsHtml = (headers: Headers) => {
  const accept = headers.get("accept") ?? "";
  return accept.includes("text/html") && !accept.startsWith("application/json");
};

/**
 * GET /billing/orders/invoice?id=: the invoice as JSON, or as a printable page with
 * `Accept: text/html` (the renderer of the portal's invoice view, under the page policy).
 */
export const getOrderInvoice = defineEndpoint(routes.getOrderInvoice, {
  produces: ["json", "html"],
  query: orderIdInput,
  auth: "optional",
  principal: true,
  async handler({ app, session, principal, query, headers }) {
    const billing = billingOf(app);
    const merchant = await merchantForCaller(
      app,
      billing.merchants,
      { session, principal },
      query.organizationId,
      "read",
    );
    const invoice = await billing.orders.invoice({ ...query, organizationId: merchant.id });
    if (!wantsHtml(headers)) return invoice;
    const nonce = newNonce();
    return htmlPage(invoiceDocument(invoice, { nonce }), { nonce });
  },
});
