import { escapeHtml } from "../../../auth/endpoints/error-page";
import { isAPIError } from "../../../errors/define-errors";
import { defineEndpoint } from "../../../router/endpoint";
import { htmlPage, newNonce, type PageSecurityOptions } from "../../../router/page-security";
import { renderCheckoutPage, usesStripeElements } from "../checkout-page/render";
import { billingRoutes } from "../routes";
import { billingOf } from "../services";
import { safeStoredOrigin } from "../urls";

/** Stripe.js and the Payment Element's frames (Stripe's published CSP list, without maps). */
export const STRIPE_SOURCES: PageSecurityOptions["extra"] = {
  "script-src": ["https://js.stripe.com", "https://*.js.stripe.com"],
  "frame-src": ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  "connect-src": ["https://api.stripe.com"],
  "img-src": ["https://*.stripe.com"],
};

const notice = (title: string, text: string, nonce: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style nonce="${escapeHtml(
    nonce,
  )}">body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem}</style></head><body><main><h1>${escapeHtml(
    title,
  )}</h1><p>${escapeHtml(text)}</p></main></body></html>`;

/**
 * GET /checkout/{clientSecret}: the hosted checkout page (the `url` of every checkout). Served by
 * Gatehouse itself on the app's origin; its last path segment is the client secret. A strict
 * Content-Security-Policy: only the page's own nonce'd script and style (plus Stripe's hosts when it
 * mounts Stripe Elements); framed only by the checkout's `embedOrigin`.
 */
export const checkoutPage = defineEndpoint(billingRoutes.checkoutPage, {
  produces: ["html"],
  async handler({ app, params }) {
    const billing = billingOf(app);
    const nonce = newNonce();
    try {
      const checkout = await billing.checkouts.get(params.clientSecret ?? "");
      const config = billing.ctx.processor.clientConfig();
      const embed = safeStoredOrigin(checkout.embedOrigin);
      const body = renderCheckoutPage({
        checkout,
        appName: app.appName,
        basePath: app.basePath,
        stripePublishableKey: config.publishableKey,
        nonce,
      });
      return htmlPage(body, {
        nonce,
        connectSelf: true,
        frameAncestors: embed ? [embed] : [],
        extra: usesStripeElements(checkout, config.publishableKey) ? STRIPE_SOURCES : undefined,
      });
    } catch (error) {
      if (!isAPIError(error)) throw error;
      if (error.statusCode === 410)
        return htmlPage(
          notice("Checkout expired", "This checkout session has expired.", nonce),
          { nonce },
          410,
        );
      return htmlPage(notice("Checkout not found", "This checkout does not exist.", nonce), { nonce }, 404);
    }
  },
});
