import type { PortalActions } from "../portal/actions";
import { CANCELLATION_REASONS } from "../subscriptions/lifecycle";
import { escapeHtml, formatDate, formatMoney, humanize } from "./format";
import { type AnySection, defineSection } from "./section";
import { detailsSection, paymentSection } from "./sections-account";
import { benefitsSection, usageSection } from "./sections-benefits";

export { type AnySection, defineSection, type PortalSection, type SectionContext } from "./section";

const REASON_LABELS: Record<(typeof CANCELLATION_REASONS)[number], string> = {
  customer_service: "Customer service",
  low_quality: "Quality was lower than expected",
  missing_features: "Missing features",
  switched_service: "Switched to another service",
  too_complex: "Too complicated",
  too_expensive: "Too expensive",
  unused: "I don't use it enough",
  other: "Other reason",
};

type Subs = Awaited<ReturnType<PortalActions["subscriptions"]>>;
type Sub = Subs["items"][number];

const per = (interval: string | null) => (interval ? ` / ${interval}` : "");

function badge(s: Sub): string {
  if (s.endedAt || s.status === "canceled") return `<span class="badge off">Ended</span>`;
  if (s.cancelAtPeriodEnd)
    return `<span class="badge warn">Cancels on ${formatDate(s.currentPeriodEnd)}</span>`;
  if (s.status === "past_due") return `<span class="badge warn">Payment due</span>`;
  return `<span class="badge">${escapeHtml(humanize(s.status))}</span>`;
}

function subscriptionCard(s: Sub, data: Subs): string {
  const id = escapeHtml(s.id);
  const name = escapeHtml(s.productName ?? "Subscription");
  const live = !s.endedAt && ["active", "trialing", "past_due"].includes(s.status);
  const plans = data.plans.filter((p) => p.productId !== s.productId && p.currency === s.currency);
  const canChange = live && !s.cancelAtPeriodEnd && data.allowCustomerUpdates && plans.length > 0;
  const reasons = CANCELLATION_REASONS.map(
    (r) => `<option value="${r}">${escapeHtml(REASON_LABELS[r])}</option>`,
  ).join("");
  const options = plans
    .map(
      (p) =>
        `<option value="${escapeHtml(p.productId)}">${escapeHtml(p.name)} (${formatMoney(p.amount, p.currency)}${per(p.recurringInterval)})</option>`,
    )
    .join("");
  return `<article class="card" data-subscription="${id}" aria-labelledby="sub-${id}-title">
<div class="card-head"><h3 id="sub-${id}-title">${name}</h3>${badge(s)}</div>
<dl><dt>Price</dt><dd>${formatMoney(s.amount, s.currency)}${per(s.recurringInterval)}</dd>
<dt>Current period</dt><dd>${formatDate(s.currentPeriodStart)} to ${formatDate(s.currentPeriodEnd)}</dd>
${live && !s.cancelAtPeriodEnd ? `<dt>Renews on</dt><dd>${formatDate(s.currentPeriodEnd)}</dd>` : ""}
${s.cancelAtPeriodEnd && s.customerCancellationReason ? `<dt>Reason given</dt><dd>${escapeHtml(REASON_LABELS[s.customerCancellationReason as keyof typeof REASON_LABELS] ?? humanize(s.customerCancellationReason))}</dd>` : ""}
</dl>
<div class="actions">${
    live && s.cancelAtPeriodEnd
      ? `<button type="button" data-action="uncancel" data-id="${id}">Resume subscription</button>`
      : ""
  }${canChange ? `<button type="button" class="secondary" data-toggle="change-${id}" aria-expanded="false" aria-controls="change-${id}">Change plan</button>` : ""}${
    live && !s.cancelAtPeriodEnd
      ? `<button type="button" class="secondary" data-toggle="cancel-${id}" aria-expanded="false" aria-controls="cancel-${id}">Cancel subscription</button>`
      : ""
  }</div>
${
  canChange
    ? `<form class="panel" id="change-${id}" data-form="change" data-id="${id}" hidden aria-label="Change plan of ${name}">
<div class="field"><label for="plan-${id}">New plan</label><select id="plan-${id}" name="productId" required>${options}</select></div>
<p class="hint">Preview the change first: nothing is charged or changed until you confirm.</p>
<div class="actions"><button type="submit">Preview change</button></div>
<div class="preview" id="preview-${id}" hidden tabindex="-1"></div>
<div class="actions"><button type="button" data-action="change" data-id="${id}" hidden>Confirm plan change</button></div>
</form>`
    : ""
}${
  live && !s.cancelAtPeriodEnd
    ? `<form class="panel" id="cancel-${id}" data-form="cancel" data-id="${id}" hidden aria-label="Cancel ${name}">
<p>Your subscription stays active until ${formatDate(s.currentPeriodEnd)}; it will not renew after that. You can resume it before then.</p>
<div class="field"><label for="reason-${id}">Why are you cancelling? (optional)</label><select id="reason-${id}" name="cancellationReason"><option value="">Choose a reason</option>${reasons}</select></div>
<div class="field"><label for="comment-${id}">Anything else you want to tell us? (optional)</label><textarea id="comment-${id}" name="cancellationComment" maxlength="1000"></textarea></div>
<div class="actions"><button type="submit" class="danger">Confirm cancellation</button><button type="button" class="secondary" data-close="cancel-${id}">Keep subscription</button></div>
</form>`
    : ""
}
</article>`;
}

export const subscriptionsSection = defineSection<Subs>({
  id: "subscriptions",
  title: "Subscriptions",
  load: ({ actions, access }) => actions.subscriptions(access),
  render: (data) =>
    data.items.length
      ? data.items.map((s) => subscriptionCard(s, data)).join("")
      : `<p class="empty">You have no subscriptions.</p>`,
});

type Orders = Awaited<ReturnType<PortalActions["orders"]>>;

export const ordersSection = defineSection<Orders>({
  id: "orders",
  title: "Orders and invoices",
  load: ({ actions, access, query }) => actions.orders(access, { page: query.page ?? "1", limit: "20" }),
  render(data, { pagePath }) {
    if (data.items.length === 0) return `<p class="empty">You have no orders yet.</p>`;
    const rows = data.items
      .map(
        (
          o,
        ) => `<tr><td>${formatDate(o.createdAt)}</td><td>${escapeHtml(o.product?.name ?? humanize(o.billingReason))}</td>
<td class="num">${formatMoney(o.totalAmount, o.currency)}</td><td>${escapeHtml(humanize(o.status))}</td>
<td><a href="${escapeHtml(`${pagePath}/invoices/${encodeURIComponent(o.id)}`)}" aria-label="View invoice ${escapeHtml(o.invoiceNumber)}">${escapeHtml(o.invoiceNumber)}</a></td></tr>`,
      )
      .join("");
    const { page, pagination } = data;
    const link = (p: number, label: string) =>
      `<a href="${escapeHtml(`${pagePath}?page=${p}`)}#orders">${label}</a>`;
    const pager =
      pagination.maxPage > 1
        ? `<nav class="pager" aria-label="Order pages">${page > 1 ? link(page - 1, "Newer orders") : ""}<span>Page ${page} of ${pagination.maxPage}</span>${
            page < pagination.maxPage ? link(page + 1, "Older orders") : ""
          }</nav>`
        : "";
    return `<table class="list"><caption class="hint">Select an invoice number to view or print the invoice.</caption>
<thead><tr><th scope="col">Date</th><th scope="col">Item</th><th scope="col" class="num">Total</th><th scope="col">Status</th><th scope="col">Invoice</th></tr></thead>
<tbody>${rows}</tbody></table>${pager}`;
  },
});

/**
 * The sections of the portal page, in order. Extension point: a further block is one more
 * `defineSection(...)` entry (see `section.ts`), with its JSON calls under
 * `/customer-portal/{token}/api/` and its buttons wired by `data-action` in the page script.
 */
export const PORTAL_SECTIONS: readonly AnySection[] = [
  subscriptionsSection,
  ordersSection,
  benefitsSection,
  usageSection,
  paymentSection,
  detailsSection,
];
