import type { Invoice } from "../orders/invoice";
import { countryName, escapeHtml, formatDate, formatMoney, humanize } from "./format";

/** Styles of the invoice, on screen and on paper (`@media print`: no controls, no shadows). */
export const INVOICE_STYLE = `
.invoice{background:#fff;color:#1f2328}
.invoice header{display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap;border-bottom:2px solid #1f2328;padding-bottom:.75rem}
.invoice h2{margin:0;font-size:1.5rem}.invoice .meta{margin:0;text-align:right}
.invoice .parties{display:grid;grid-template-columns:1fr 1fr;gap:1rem;margin:1rem 0}
.invoice h3{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:#57606a;margin:0 0 .25rem}
.invoice address{font-style:normal;line-height:1.4}
.invoice table{width:100%;border-collapse:collapse;margin:.5rem 0}
.invoice th,.invoice td{padding:.4rem .3rem;border-bottom:1px solid #d0d7de;text-align:left}
.invoice .num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.invoice tfoot th{font-weight:500}.invoice tfoot tr.total th,.invoice tfoot tr.total td{font-weight:700;border-top:2px solid #1f2328}
.invoice .badge{display:inline-block;padding:.1rem .45rem;border-radius:1rem;background:#ddf4ff;color:#0a3069;font-size:.8rem}
@media print{
  body{background:#fff!important}.no-print,nav,.actions{display:none!important}
  main{box-shadow:none!important;margin:0!important;max-width:none!important;padding:0!important}
  .invoice th,.invoice td{border-color:#888}a{color:inherit;text-decoration:none}
}
`;

const address = (a: Invoice["buyer"]["address"]) =>
  a
    ? [
        a.line1,
        a.line2,
        [[a.city, a.state?.replace(/^[A-Z]{2}-/, "")].filter(Boolean).join(", "), a.postalCode]
          .filter(Boolean)
          .join(" "),
        countryName(a.country),
      ]
        .filter((x): x is string => Boolean(x))
        .map(escapeHtml)
        .join("<br>")
    : "";

/**
 * The invoice as an HTML fragment (`<article class="invoice">`): the portal's invoice view and
 * the merchant's `GET /billing/orders/invoice` (Accept: text/html) use this one renderer.
 */
export function renderInvoice(inv: Invoice): string {
  const money = (n: number) => formatMoney(n, inv.currency);
  const row = (label: string, amount: number, cls = "") =>
    `<tr${cls ? ` class="${cls}"` : ""}><th scope="row" colspan="2">${escapeHtml(label)}</th><td class="num">${money(amount)}</td></tr>`;
  const items = inv.items
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.label)}${i.proration ? ' <span class="badge">Proration</span>' : ""}</td><td></td><td class="num">${money(i.amount)}</td></tr>`,
    )
    .join("");
  const refunds = inv.refunds.length
    ? `<section aria-labelledby="refunds-${escapeHtml(inv.orderId)}"><h3 id="refunds-${escapeHtml(inv.orderId)}">Refunds</h3>
<table><thead><tr><th scope="col">Date</th><th scope="col">Reason</th><th scope="col">Status</th><th scope="col" class="num">Amount</th></tr></thead><tbody>${inv.refunds
        .map(
          (r) =>
            `<tr><td>${formatDate(r.createdAt)}</td><td>${escapeHtml(humanize(r.reason))}</td><td>${escapeHtml(humanize(r.status))}</td><td class="num">${money(-(r.amount + r.taxAmount))}</td></tr>`,
        )
        .join("")}</tbody></table></section>`
    : "";
  const seller = inv.seller;
  const buyer = inv.buyer;
  return `<article class="invoice" aria-labelledby="invoice-title">
<header><div><h2 id="invoice-title">Invoice ${escapeHtml(inv.invoiceNumber)}</h2><p>${escapeHtml(humanize(inv.status))}</p></div>
<dl class="meta"><dt>Date of issue</dt><dd>${formatDate(inv.issuedAt)}</dd></dl></header>
<div class="parties">
<section aria-labelledby="seller-h"><h3 id="seller-h">From</h3><address><strong>${escapeHtml(seller.name)}</strong>${
    seller.email ? `<br>${escapeHtml(seller.email)}` : ""
  }${seller.website ? `<br>${escapeHtml(seller.website)}` : ""}</address></section>
<section aria-labelledby="buyer-h"><h3 id="buyer-h">Bill to</h3><address>${buyer.name ? `<strong>${escapeHtml(buyer.name)}</strong><br>` : ""}${
    buyer.email ? `${escapeHtml(buyer.email)}<br>` : ""
  }${address(buyer.address)}${buyer.taxId ? `<br>Tax ID: ${escapeHtml(buyer.taxId.join(" "))}` : ""}</address></section>
</div>
<table aria-label="Invoice items"><thead><tr><th scope="col">Description</th><th scope="col"></th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${items}</tbody>
<tfoot>${row("Subtotal", inv.subtotalAmount)}${
    inv.discountAmount
      ? row(
          `Discount${inv.discount ? ` (${inv.discount.code ?? inv.discount.name})` : ""}`,
          -inv.discountAmount,
        )
      : ""
  }${row("Tax", inv.taxAmount)}${row("Total", inv.totalAmount, "total")}${
    inv.refundedAmount || inv.refundedTaxAmount
      ? `${row("Refunded", -(inv.refundedAmount + inv.refundedTaxAmount))}${row("Total after refunds", inv.balanceAmount, "total")}`
      : ""
  }</tfoot></table>
${refunds}
</article>`;
}

/** A whole printable invoice page (the merchant's HTML answer; the portal adds its own navigation). */
export function invoiceDocument(inv: Invoice, input: { nonce: string; extra?: string; style?: string }) {
  const nonce = escapeHtml(input.nonce);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invoice ${escapeHtml(inv.invoiceNumber)}</title>
<style nonce="${nonce}">body{font-family:system-ui,-apple-system,sans-serif;margin:0;background:#f6f7f9;color:#1f2328}
main{max-width:46rem;margin:2rem auto;padding:2rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.1)}
${input.style ?? ""}${INVOICE_STYLE}</style></head>
<body><main>${input.extra ?? ""}${renderInvoice(inv)}</main></body></html>`;
}
