import { escapeHtml } from "../../../auth/endpoints/error-page";
import { isAPIError } from "../../../errors/define-errors";
import { defineEndpoint } from "../../../router/endpoint";
import { renderCheckoutPage } from "../checkout-page/render";
import { billingRoutes } from "../routes";
import { billingOf } from "../services";

const html = (body: string, status = 200) =>
  new Response(body, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      // The page must never be framed by another site (embedding goes through `embedOrigin`).
      "x-frame-options": "SAMEORIGIN",
      "referrer-policy": "no-referrer",
    },
  });

const notice = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(
    title,
  )}</h1><p>${escapeHtml(text)}</p></main></body></html>`;

/**
 * GET /checkout/{clientSecret}: the hosted checkout page (the `url` of every checkout). Served by
 * Gatehouse itself on the app's origin; its last path segment is the client secret.
 */
export const checkoutPage = defineEndpoint(billingRoutes.checkoutPage, {
  async handler({ app, params }) {
    const billing = billingOf(app);
    try {
      const checkout = await billing.checkouts.get(params.clientSecret ?? "");
      const config = billing.ctx.processor.clientConfig();
      return html(
        renderCheckoutPage({
          checkout,
          appName: app.appName,
          basePath: app.basePath,
          stripePublishableKey: config.publishableKey,
        }),
      );
    } catch (error) {
      if (!isAPIError(error)) throw error;
      if (error.statusCode === 410)
        return html(notice("Checkout expired", "This checkout session has expired."), 410);
      return html(notice("Checkout not found", "This checkout does not exist."), 404);
    }
  },
});
