import { STATE_CHOICES, STATE_LABELS } from "../checkout-page/countries";
import { ZERO_DECIMAL_CURRENCIES } from "../money";
import { safeStoredUrl } from "../urls";
import { PORTAL_DECLINE_TEXT, PORTAL_ERROR_TEXT, PORTAL_FALLBACK_ERROR, PORTAL_FIELD_TEXT } from "./errors";
import { escapeHtml } from "./format";
import { PORTAL_PAGE_SCRIPT } from "./script";
import type { AnySection, SectionContext } from "./sections";
import { PORTAL_PAGE_STYLE } from "./style";

/**
 * The customer portal page: server-rendered sections (`PORTAL_SECTIONS`), no framework needed on
 * the host app's side, keyboard-usable (native buttons and forms, labels, live regions). The script
 * calls the portal's JSON API with the token of the page's own path, never with cookies.
 */
/** Every section's `<section>` element (the page body; alone, the page script's refresh). */
export async function renderSections(ctx: SectionContext, sections: readonly AnySection[]): Promise<string> {
  const bodies = await Promise.all(sections.map((s) => s.html(ctx)));
  return sections
    .map(
      (s, i) =>
        `<section id="${escapeHtml(s.id)}" data-section="${escapeHtml(s.id)}" aria-labelledby="${escapeHtml(s.id)}-title"><h2 id="${escapeHtml(s.id)}-title" tabindex="-1">${escapeHtml(s.title)}</h2>${bodies[i]}</section>`,
    )
    .join("\n");
}

export async function renderPortalPage(input: {
  ctx: SectionContext;
  sections: readonly AnySection[];
  apiPath: string;
  nonce: string;
  /** Stripe's publishable key: the payment section mounts Stripe's Payment Element. */
  stripeKey?: string | null;
}): Promise<string> {
  const { access } = input.ctx;
  const nonce = ` nonce="${escapeHtml(input.nonce)}"`;
  const merchant = escapeHtml(access.merchant.name);
  const back = safeStoredUrl(access.session.returnUrl);
  const sections = await renderSections(input.ctx, input.sections);
  const config = {
    api: input.apiPath,
    errors: PORTAL_ERROR_TEXT,
    fallbackError: PORTAL_FALLBACK_ERROR,
    zeroDecimal: [...ZERO_DECIMAL_CURRENCIES],
    declines: PORTAL_DECLINE_TEXT,
    fieldErrors: PORTAL_FIELD_TEXT,
    states: STATE_CHOICES,
    stateLabels: STATE_LABELS,
    stripeKey: input.stripeKey ?? null,
  };
  const json = JSON.stringify(config).replace(/</g, "\\u003c");
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Customer portal - ${merchant}</title>
<style${nonce}>${PORTAL_PAGE_STYLE}</style>
${input.stripeKey ? `<script${nonce} src="https://js.stripe.com/v3/"></script>` : ""}
</head>
<body>
<main>
<header class="top"><div><p class="merchant">${merchant}</p><h1>Customer portal</h1>
<p class="who">Signed in as ${escapeHtml(access.customer.email)}</p></div>
${back ? `<a class="button secondary" href="${escapeHtml(back)}">Back to ${merchant}</a>` : ""}</header>
<nav class="sections" aria-label="Portal sections"><ul>${input.sections
    .map((s) => `<li><a href="#${escapeHtml(s.id)}">${escapeHtml(s.title)}</a></li>`)
    .join("")}</ul></nav>
<p id="status" class="status" role="status" aria-live="polite"></p>
<div id="error" class="form-error" role="alert" tabindex="-1" hidden></div>
${sections}
</main>
<script id="portal-config" type="application/json">${json}</script>
<script${nonce}>${PORTAL_PAGE_SCRIPT}</script>
</body>
</html>`;
}
