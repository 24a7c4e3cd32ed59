import { addressFields } from "../checkout/amounts";
import { countryChoices, STATE_CHOICES, STATE_LABELS } from "../checkout-page/countries";
import { options } from "../checkout-page/render";
import { TAX_ID_TYPES } from "../customers/validate";
import type { PortalAccount } from "../portal/account";
import { countryName, escapeHtml } from "./format";
import { defineSection } from "./section";

type Methods = Awaited<ReturnType<PortalAccount["paymentMethods"]>>;

/**
 * The page mounts Stripe's Payment Element when the processor hands it a publishable key (as the
 * checkout page does); only the Stripe processor has one (its `clientConfig()`).
 */
export const stripeKeyOf = (processor: Readonly<Record<string, string>>) => processor.publishableKey || null;

/** A labelled control with its error line (`{id}-error`, announced) and optional hint. */
function field(f: {
  id: string;
  label: string;
  control: string;
  hint?: string;
  hidden?: boolean;
  required?: boolean;
}) {
  const mark = `<span class="req" aria-hidden="true"${f.required ? "" : " hidden"}> *</span>`;
  return `<div class="field" id="${f.id}-field"${f.hidden ? " hidden" : ""}><label for="${f.id}">${escapeHtml(f.label)}${mark}</label>${
    f.hint ? `<p class="hint" id="${f.id}-hint">${escapeHtml(f.hint)}</p>` : ""
  }${f.control}<p class="error" id="${f.id}-error" role="alert"></p></div>`;
}

const described = (id: string, hint = false) => ` aria-describedby="${hint ? `${id}-hint ` : ""}${id}-error"`;

const input = (id: string, name: string, value: string | null | undefined, extra = "", required = false) =>
  `<input id="${id}" name="${name}" value="${escapeHtml(value ?? "")}"${described(id)}${extra}${required ? " required" : ""}>`;

export const paymentSection = defineSection<Methods>({
  id: "payment",
  title: "Payment method",
  load: ({ actions, access }) => actions.paymentMethods(access),
  render(data) {
    const list = data.items.length
      ? `<ul class="methods">${data.items
          .map(
            (m) =>
              `<li data-method="${escapeHtml(m.id)}"><span>${escapeHtml(m.label)}</span>${m.isDefault ? ' <span class="badge">Used for renewals</span>' : ""}</li>`,
          )
          .join("")}</ul>`
      : `<p class="empty">No payment method is saved.</p>`;
    if (!data.hasSubscriptions)
      return `${list}<p class="hint">A payment method is saved when you subscribe.</p>`;
    const stripe = stripeKeyOf(data.processor);
    const control = stripe
      ? `<div class="field"><div id="payment-element" data-currency="${escapeHtml(data.currency ?? "usd")}"></div><p class="error" id="card-error" role="alert"></p></div>`
      : field({
          id: "card",
          label: "Card number",
          hint: "Test mode: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.",
          control: `<input id="card" name="paymentMethod" autocomplete="cc-number" inputmode="numeric" maxlength="255" required${described("card", true)}>`,
        });
    return `${list}
<form class="panel" data-form="payment" aria-labelledby="payment-form-title" novalidate>
<h3 id="payment-form-title">Replace your payment method</h3>
<p class="hint">The new card is saved for your subscriptions; nothing is charged now. Your next renewal is charged to it.</p>
${control}
<div class="actions"><button type="submit">Save payment method</button></div></form>`;
  },
});

type Details = ReturnType<PortalAccount["detailsOf"]>;

const TAX_ID_LABELS: Partial<Record<(typeof TAX_ID_TYPES)[number], string>> = {
  eu_vat: "EU VAT number",
  gb_vat: "UK VAT number",
  us_ein: "US EIN",
  ca_bn: "Canadian BN",
  au_abn: "Australian ABN",
  ch_vat: "Swiss VAT number",
  no_vat: "Norwegian VAT number",
};

export const detailsSection = defineSection<Details>({
  id: "details",
  title: "Billing details",
  load: async ({ actions, access }) => actions.detailsOf(access),
  render(d) {
    const a = d.billingAddress;
    const country = a?.country ?? "";
    const states = STATE_CHOICES[country];
    const need = addressFields({
      requireBillingAddress: false,
      isBusinessCustomer: Boolean(d.taxId),
      country,
    });
    const taxTypes = TAX_ID_TYPES.map((t) => ({ value: t, label: TAX_ID_LABELS[t] ?? t }));
    const summary = a
      ? `<p class="hint">On file: ${escapeHtml([a.line1, a.city, countryName(a.country)].filter(Boolean).join(", "))}${
          d.taxId ? `; tax ID ${escapeHtml(d.taxId[0])}` : ""
        }</p>`
      : `<p class="hint">No billing address on file yet. It appears on your invoices.</p>`;
    return `${summary}
<form class="panel details" data-form="details" aria-labelledby="details-form-title" novalidate>
<h3 id="details-form-title">Edit billing details</h3>
<p class="hint">Fields marked * are required for your country.</p>
${field({ id: "details-name", label: "Name or company", control: input("details-name", "name", d.name, ' autocomplete="organization" maxlength="256"') })}
${field({ id: "details-country", label: "Country", required: true, control: `<select id="details-country" name="country" autocomplete="country" required${described("details-country")}><option value="">Choose a country</option>${options(countryChoices(), country)}</select>` })}
${field({ id: "details-line1", label: "Address", required: need.line1, control: input("details-line1", "line1", a?.line1, ' autocomplete="address-line1" maxlength="256"', need.line1) })}
${field({ id: "details-line2", label: "Address line 2 (optional)", control: input("details-line2", "line2", a?.line2, ' autocomplete="address-line2" maxlength="256"') })}
${field({ id: "details-city", label: "City", required: need.city, control: input("details-city", "city", a?.city, ' autocomplete="address-level2" maxlength="128"', need.city) })}
${field({ id: "details-postalCode", label: "Postal code", required: need.postalCode, control: input("details-postalCode", "postalCode", a?.postalCode, ' autocomplete="postal-code" maxlength="32"', need.postalCode) })}
${field({
  id: "details-state",
  label: (country && STATE_LABELS[country]) || "State",
  hidden: !states,
  required: need.state,
  control: `<select id="details-state" name="state" autocomplete="address-level1"${described("details-state")}><option value="">Choose…</option>${options(states ?? [], a?.state)}</select>`,
})}
<fieldset><legend>Tax ID (optional, for business purchases)</legend>
${field({ id: "details-taxType", label: "Tax ID type", control: `<select id="details-taxType" name="taxType"${described("details-taxType")}>${options(taxTypes, d.taxId?.[1] ?? "eu_vat")}</select>` })}
${field({ id: "details-taxId", label: "Tax ID number", control: input("details-taxId", "taxId", d.taxId?.[0], ' maxlength="64" autocomplete="off"') })}
</fieldset>
<div class="actions"><button type="submit">Save billing details</button></div></form>`;
  },
});
