import { defineEndpoint } from "../../../router/endpoint";
import { htmlPage, newNonce } from "../../../router/page-security";
import { merchantFor } from "../access";
import { checkoutIdInput, checkoutListInput } from "../checkout/reads";
import { orderIdInput, orderListInput } from "../orders/reads";
import { portalSessionInput } from "../portal/service";
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
  query: orderIdInput,
  auth: "session",
  async handler({ app, session, query, headers }) {
    const billing = billingOf(app);
    const merchant = await merchantFor(app, billing.merchants, session, query.organizationId, "read");
    const invoice = await billing.orders.invoice({ ...query, organizationId: merchant.id });
    if (!wantsHtml(headers)) return invoice;
    const nonce = newNonce();
    return htmlPage(invoiceDocument(invoice, { nonce }), { nonce });
  },
});

/** GET /billing/checkouts/list?customerId&productId&status&page&limit */
export const listCheckouts = merchantRead(routes.listCheckouts, checkoutListInput, (b, input) =>
  b.checkouts.list(input),
);

/** GET /billing/checkouts/get?id= */
export const getCheckout = merchantRead(routes.getCheckout, checkoutIdInput, (b, input) =>
  b.checkouts.byId(input),
);

/**
 * POST /billing/customer-sessions/create {customerId, returnUrl?}: a customer portal session
 * (Polar's customer sessions) to link a customer to from the merchant's own UI.
 */
export const createCustomerSession = defineEndpoint(routes.createCustomerSession, {
  body: portalSessionInput,
  auth: "session",
  noStore: true,
  async handler({ app, session, body, request }) {
    const billing = billingOf(app);
    const merchant = await merchantFor(app, billing.merchants, session, body.organizationId, "manage");
    return billing.portal.createSession({ ...body, organizationId: merchant.id }, request);
  },
});
