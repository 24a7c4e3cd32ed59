import { escapeHtml } from "../../../auth/endpoints/error-page";
import type { SerializedCheckout } from "../checkout/serialize";
import { formatMoney } from "../money";
import { safeStoredUrl } from "../urls";
import { type Choice, countryChoices, STATE_CHOICES, STATE_LABELS } from "./countries";
import { CHECKOUT_PAGE_SCRIPT } from "./script";
import { CHECKOUT_PAGE_STYLE } from "./style";

/** Formats minor units for display (the page script formats the same way). */
export { formatMoney };

interface Field {
  id: string;
  label: string;
  type?: string;
  required?: boolean;
  autocomplete?: string;
  value?: string | null;
  hint?: string;
}

const field = (f: Field) => `
<div class="field">
  <label for="${f.id}">${escapeHtml(f.label)}<span class="req" aria-hidden="true"${f.required ? "" : " hidden"}> *</span></label>
  <input id="${f.id}" name="${f.id}" type="${f.type ?? "text"}"${f.required ? " required" : ""}${
    f.autocomplete ? ` autocomplete="${f.autocomplete}"` : ""
  } value="${escapeHtml(f.value ?? "")}" aria-describedby="${f.id}-error${f.hint ? ` ${f.id}-hint` : ""}">
  ${f.hint ? `<p class="hint" id="${f.id}-hint">${escapeHtml(f.hint)}</p>` : ""}
  <p class="error" id="${f.id}-error" role="alert"></p>
</div>`;

function customFields(checkout: SerializedCheckout): string {
  return checkout.attachedCustomFields
    .map((a) => {
      const f = a.customField;
      const props = f.properties as {
        formLabel?: string;
        formHelpText?: string;
        options?: { value: string; label: string }[];
      };
      const id = `cf-${f.slug}`;
      const label = escapeHtml(props.formLabel ?? f.name);
      const value = checkout.customFieldData[f.slug];
      const required = a.required ? " required" : "";
      const describe = `aria-describedby="${id}-error"`;
      if (f.type === "checkbox") {
        return `<div class="field check"><input type="checkbox" id="${id}" data-custom-field="${escapeHtml(f.slug)}" data-type="checkbox"${
          value === true ? " checked" : ""
        }${required} ${describe}><label for="${id}">${label}</label><p class="error" id="${id}-error" role="alert"></p></div>`;
      }
      if (f.type === "select") {
        const options = (props.options ?? [])
          .map(
            (o) =>
              `<option value="${escapeHtml(o.value)}"${value === o.value ? " selected" : ""}>${escapeHtml(o.label)}</option>`,
          )
          .join("");
        return `<div class="field"><label for="${id}">${label}</label><select id="${id}" data-custom-field="${escapeHtml(
          f.slug,
        )}" data-type="select"${required} ${describe}><option value=""></option>${options}</select><p class="error" id="${id}-error" role="alert"></p></div>`;
      }
      const type = f.type === "number" ? "number" : f.type === "date" ? "date" : "text";
      return `<div class="field"><label for="${id}">${label}</label><input id="${id}" type="${type}" data-custom-field="${escapeHtml(
        f.slug,
      )}" data-type="${f.type}" value="${escapeHtml(value === undefined || value === null ? "" : String(value))}"${required} ${describe}>${
        props.formHelpText ? `<p class="hint">${escapeHtml(props.formHelpText)}</p>` : ""
      }<p class="error" id="${id}-error" role="alert"></p></div>`;
    })
    .join("");
}

/** `<option>`s of a list, the `selected` one marked (the checkout and portal address fields). */
export const options = (choices: readonly Choice[], selected: string | null | undefined) =>
  choices
    .map(
      (o) =>
        `<option value="${escapeHtml(o.value)}"${o.value === selected ? " selected" : ""}>${escapeHtml(o.label)}</option>`,
    )
    .join("");

/** A labelled select; the asterisk (`.req`) shows whether it is required, the script keeps it current. */
const selectField = (f: {
  id: string;
  label: string;
  required: boolean;
  autocomplete: string;
  choices: string;
  hidden?: boolean;
}) => `
<div class="field" id="${f.id}-field"${f.hidden ? " hidden" : ""}>
  <label for="${f.id}">${escapeHtml(f.label)}<span class="req" aria-hidden="true"${f.required ? "" : " hidden"}> *</span></label>
  <select id="${f.id}" name="${f.id}"${f.required ? " required" : ""} autocomplete="${f.autocomplete}" aria-describedby="${f.id}-error">${f.choices}</select>
  <p class="error" id="${f.id}-error" role="alert"></p>
</div>`;

function addressFields(checkout: SerializedCheckout): string {
  const need = checkout.customerBillingAddressFields;
  const a = checkout.customerBillingAddress;
  const country = a?.country ?? null;
  const states = country ? STATE_CHOICES[country] : undefined;
  // Every address field is offered; which are required depends on the country (the script updates
  // the marks when it changes; the server decides at confirm and answers every missing field).
  return [
    selectField({
      id: "country",
      label: "Country",
      required: true,
      autocomplete: "country",
      choices: `<option value="">Choose a country</option>${options(countryChoices(), country)}`,
    }),
    field({
      id: "line1",
      label: "Address",
      required: need.line1,
      autocomplete: "address-line1",
      value: a?.line1,
    }),
    field({ id: "line2", label: "Address line 2", autocomplete: "address-line2", value: a?.line2 }),
    field({ id: "city", label: "City", required: need.city, autocomplete: "address-level2", value: a?.city }),
    field({
      id: "postalCode",
      label: "Postal code",
      required: need.postalCode,
      autocomplete: "postal-code",
      value: a?.postalCode,
    }),
    selectField({
      id: "state",
      label: (country && STATE_LABELS[country]) || "State",
      required: Boolean(states),
      autocomplete: "address-level1",
      hidden: !states,
      choices: `<option value="">Choose…</option>${options(states ?? [], a?.state)}`,
    }),
  ].join("");
}

/** Does the page mount Stripe Elements (and so load Stripe.js)? */
export function usesStripeElements(checkout: SerializedCheckout, stripePublishableKey?: string): boolean {
  return Boolean(stripePublishableKey) && checkout.isPaymentFormRequired;
}

/**
 * The hosted checkout page: server-rendered, works with no framework on the host app's side, and is
 * accessible (labels, keyboard order, errors announced through live regions). The script talks to the
 * client-secret API only.
 */
export function renderCheckoutPage(input: {
  checkout: SerializedCheckout;
  appName: string;
  basePath: string;
  stripePublishableKey?: string;
  /** Nonce of the page's Content-Security-Policy, set on its own script and style elements. */
  nonce: string;
}): string {
  const { checkout: c } = input;
  const nonce = ` nonce="${escapeHtml(input.nonce)}"`;
  // Stored URLs are re-checked: rows from before URL validation may hold `javascript:` and the like.
  const successUrl = safeStoredUrl(c.successUrl);
  const returnUrl = safeStoredUrl(c.returnUrl);
  const price = c.productPrice;
  const custom = price?.amountType === "custom";
  const config = {
    clientSecret: c.clientSecret,
    api: `${input.basePath}/checkouts/client/${encodeURIComponent(c.clientSecret)}`,
    processor: c.paymentProcessor,
    currency: c.currency,
    successUrl,
    totalAmount: c.totalAmount,
    // Stripe Elements must match the intent the server creates: a PaymentIntent when money is due
    // now, a SetupIntent otherwise; recurring products save the method for renewals.
    mode: c.isPaymentRequired ? "payment" : "setup",
    setupFutureUsage: c.product?.isRecurring ? "off_session" : null,
    stripeKey: usesStripeElements(c, input.stripePublishableKey) ? input.stripePublishableKey : null,
    status: c.status,
    // Address rules for the script (the server's addressFields): everything for the US or when a
    // full address is required, a state for the US and Canada.
    fullAddress: c.requireBillingAddress || c.isBusinessCustomer,
    states: STATE_CHOICES,
    stateLabels: STATE_LABELS,
  };
  const json = JSON.stringify(config).replace(/</g, "\\u003c");
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout - ${escapeHtml(c.product?.name ?? input.appName)}</title>
<style${nonce}>${CHECKOUT_PAGE_STYLE}</style>
${config.stripeKey ? `<script${nonce} src="https://js.stripe.com/v3/"></script>` : ""}
</head>
<body>
<main>
<h1>${escapeHtml(input.appName)}</h1>
<section aria-labelledby="summary-title" class="summary">
  <h2 id="summary-title">${escapeHtml(c.product?.name ?? "Your order")}</h2>
  ${c.product?.description ? `<p>${escapeHtml(c.product.description)}</p>` : ""}
  <dl>
    <dt>Price</dt><dd id="amount">${formatMoney(c.amount, c.currency)}${c.product?.isRecurring ? ` / ${c.product.recurringInterval}` : ""}</dd>
    <dt>Discount</dt><dd id="discount">${formatMoney(-c.discountAmount, c.currency)}</dd>
    <dt>Tax</dt><dd id="tax">${c.taxAmount === null ? "Calculated with your address" : formatMoney(c.taxAmount, c.currency)}</dd>
    <dt>Total</dt><dd id="total"><strong>${formatMoney(c.totalAmount, c.currency)}</strong></dd>
    ${c.trialEnd ? `<dt>Free trial</dt><dd id="trial">Nothing to pay today; the first charge is on ${new Date(c.trialEnd).toISOString().slice(0, 10)}</dd>` : ""}
  </dl>
</section>
<p id="status" role="status" aria-live="polite" class="status"></p>
<form id="checkout" novalidate${c.status === "succeeded" ? " hidden" : ""}>
  <div id="form-error" class="form-error" role="alert" tabindex="-1" hidden></div>
  ${custom ? field({ id: "custom-amount", label: `Amount (${c.currency.toUpperCase()})`, type: "number", value: String(c.amount / 100), hint: "Pay what you want" }) : ""}
  ${c.allowDiscountCodes && c.isDiscountApplicable ? `<div class="field inline">${field({ id: "discount-code", label: "Discount code", value: c.discount?.code ?? "" })}<button type="button" id="apply-discount">Apply</button></div>` : ""}
  <fieldset><legend>Contact</legend>
  ${field({ id: "email", label: "Email", type: "email", required: true, autocomplete: "email", value: c.customerEmail })}
  ${field({ id: "name", label: "Name", autocomplete: "name", value: c.customerName })}
  </fieldset>
  ${c.isPaymentFormRequired || c.requireBillingAddress ? `<fieldset><legend>Billing address</legend>${addressFields(c)}</fieldset>` : ""}
  ${c.attachedCustomFields.length ? `<fieldset><legend>Additional information</legend>${customFields(c)}</fieldset>` : ""}
  ${
    c.isPaymentFormRequired
      ? config.stripeKey
        ? `<fieldset><legend>Payment</legend><div id="payment-element"></div><p class="error" id="payment-error" role="alert"></p></fieldset>`
        : `<fieldset><legend>Payment</legend>${field({ id: "card", label: "Card number", autocomplete: "cc-number", required: true, hint: "Test mode: 4242 4242 4242 4242 succeeds" })}</fieldset>`
      : ""
  }
  <button type="submit" id="pay">${c.isPaymentRequired ? `Pay ${formatMoney(c.totalAmount, c.currency)}` : c.isPaymentSetupRequired ? "Subscribe" : "Get it for free"}</button>
</form>
<div id="authenticate" hidden role="dialog" aria-modal="true" aria-labelledby="auth-title">
  <h2 id="auth-title">Confirm this payment</h2><p>Your bank asks you to confirm the payment (test mode).</p>
  <button type="button" id="auth-approve">Complete authentication</button> <button type="button" id="auth-fail">Fail authentication</button>
</div>
${returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Back</a></p>` : ""}
</main>
<script id="checkout-config" type="application/json">${json}</script>
<script${nonce}>${CHECKOUT_PAGE_SCRIPT}</script>
</body>
</html>`;
}
