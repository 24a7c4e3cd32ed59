import { z } from "zod";
import { escapeHtml } from "../../../auth/endpoints/error-page";
import { isAPIError } from "../../../errors/define-errors";
import { defineEndpoint } from "../../../router/endpoint";
import { htmlPage, newNonce } from "../../../router/page-security";
import { queryBoolean } from "../../../router/schemas";
import { BILLING_ERRORS } from "../errors";
import { portalSessionInput } from "../portal/service";
import { invoiceDocument } from "../portal-page/invoice-html";
import { renderPortalPage, renderSections } from "../portal-page/render";
import { PORTAL_SECTIONS } from "../portal-page/sections";
import { stripeKeyOf } from "../portal-page/sections-account";
import { PORTAL_PAGE_STYLE } from "../portal-page/style";
import { billingRoutes } from "../routes";
import { billingOf } from "../services";
import { STRIPE_SOURCES } from "./checkout-page";
import { portalAccess } from "./portal-api";

const sessionFields = {
  returnUrl: z.string().max(2048).optional(),
  organizationId: z.string().max(128).optional(),
};

/**
 * GET|POST /customer/portal (`@polar-sh/better-auth`'s `customer.portal()`): a portal session for
 * the signed-in user's customer (of `organizationId`'s merchant, when given) and `{url, redirect}`.
 */
export const customerPortal = defineEndpoint(billingRoutes.customerPortal, {
  body: z.object({ redirect: z.boolean().optional(), ...sessionFields }).optional(),
  query: z.object({ redirect: queryBoolean.optional(), ...sessionFields }).optional(),
  auth: "session",
  noStore: true,
  async handler({ app, session, body, query, request }) {
    const billing = billingOf(app);
    const input = { ...query, ...body };
    const merchantId = input.organizationId
      ? (await billing.merchants.resolve(input.organizationId)).id
      : undefined;
    const [customer] = await billing.customers.ofUser(session.user.id, merchantId);
    if (!customer) throw BILLING_ERRORS.CUSTOMER_NOT_FOUND();
    const created = await billing.portal.sessionFor(customer, input.returnUrl, request);
    return { url: created.customerPortalUrl, redirect: input.redirect ?? true };
  },
});

/**
 * `auth.api.createCustomerPortalSession({ body: { customerId, returnUrl?, organizationId? } })`:
 * a portal session for a customer, made by the app's server (never routed, no HTTP session), as
 * `auth.billing.portal.createSession`. `returnUrl` is checked against the trusted origins.
 */
export const createCustomerPortalSession = defineEndpoint(billingRoutes.createCustomerPortalSession, {
  body: portalSessionInput,
  noStore: true,
  handler: ({ app, body }) => billingOf(app).portal.createSession(body),
});

const notice = (title: string, text: string, nonce: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(
    title,
  )}</title><style nonce="${escapeHtml(nonce)}">body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2328}</style></head><body><main><h1>${escapeHtml(
    title,
  )}</h1><p>${escapeHtml(text)}</p></main></body></html>`;

/** The page for an unusable token: 401 expired, 404 unknown (other errors propagate). */
function deniedPage(error: unknown, nonce: string): Response {
  if (!isAPIError(error)) throw error;
  if (error.statusCode === 401)
    return htmlPage(
      notice(
        "This link has expired",
        "Customer portal links are valid for a short time. Please open the customer portal again from the shop.",
        nonce,
      ),
      { nonce },
      401,
    );
  if (error.statusCode === 404 && (error.body as { code?: string } | undefined)?.code === "ORDER_NOT_FOUND")
    return htmlPage(
      notice("Invoice not found", "This invoice does not exist in your customer portal.", nonce),
      { nonce },
      404,
    );
  if (error.statusCode === 404)
    return htmlPage(
      notice(
        "Page not found",
        "This customer portal link is not valid. Please open the portal again from the shop.",
        nonce,
      ),
      { nonce },
      404,
    );
  throw error;
}

const pagePath = (basePath: string, token: string) =>
  `${basePath}/customer-portal/${encodeURIComponent(token)}`;

/**
 * GET /customer-portal/{token}: the customer portal page, served by Gatehouse on the app's origin
 * under the strict page policy (nonce'd script and style, `connect-src 'self'`, never framed).
 */
export const customerPortalPage = defineEndpoint(billingRoutes.customerPortalPage, {
  produces: ["html"],
  query: z
    .object({ page: z.string().max(8).optional(), partial: z.literal("sections").optional() })
    .optional(),
  async handler({ app, params, query }) {
    const nonce = newNonce();
    const token = params.token ?? "";
    try {
      const { access, actions } = await portalAccess(app, token);
      const path = pagePath(app.basePath, token);
      const page = query?.page && /^[1-9][0-9]{0,5}$/.test(query.page) ? query.page : "1";
      const ctx = { access, actions, pagePath: path, query: { page } };
      // `?partial=sections`: only the sections, for the page script's refresh after an action.
      if (query?.partial === "sections")
        return htmlPage(await renderSections(ctx, PORTAL_SECTIONS), { nonce, connectSelf: true });
      const stripeKey = stripeKeyOf(billingOf(app).ctx.processor.clientConfig());
      const body = await renderPortalPage({
        ctx,
        sections: PORTAL_SECTIONS,
        apiPath: `${path}/api`,
        nonce,
        stripeKey,
      });
      return htmlPage(body, { nonce, connectSelf: true, extra: stripeKey ? STRIPE_SOURCES : undefined });
    } catch (error) {
      return deniedPage(error, nonce);
    }
  },
});

/** GET /customer-portal/{token}/invoices/{orderId}: the printable invoice of one of the customer's orders. */
export const customerPortalInvoicePage = defineEndpoint(billingRoutes.customerPortalInvoicePage, {
  produces: ["html"],
  async handler({ app, params }) {
    const nonce = newNonce();
    const token = params.token ?? "";
    try {
      const { access, actions } = await portalAccess(app, token);
      const invoice = await actions.invoice(access, params.orderId ?? "");
      const back = escapeHtml(pagePath(app.basePath, token));
      const extra = `<nav class="actions no-print" aria-label="Invoice actions"><a class="button secondary" href="${back}#orders">Back to the portal</a><button type="button" id="print">Print or save as PDF</button></nav>
<script nonce="${escapeHtml(nonce)}">document.getElementById("print").addEventListener("click",function(){window.print()});</script>`;
      return htmlPage(invoiceDocument(invoice, { nonce, extra, style: PORTAL_PAGE_STYLE }), { nonce });
    } catch (error) {
      return deniedPage(error, nonce);
    }
  },
});
