/**
 * The checkout page's script: plain browser JavaScript, no framework, talking only to the
 * client-secret API. Kept as a string so the page needs no bundler on the host app's side.
 */
export const CHECKOUT_PAGE_SCRIPT = `
(function () {
  var config = JSON.parse(document.getElementById("checkout-config").textContent);
  var zero = ["bif","clp","djf","gnf","jpy","kmf","krw","mga","pyg","rwf","vnd","vuv","xaf","xof","xpf"];
  var factor = zero.indexOf(config.currency) >= 0 ? 1 : 100;
  var fmt = function (n) {
    return new Intl.NumberFormat("en-US", { style: "currency", currency: config.currency.toUpperCase() }).format(n / factor);
  };
  var $ = function (id) { return document.getElementById(id); };
  var status = $("status");
  var say = function (text) { status.textContent = text; };
  var stripe = null, elements = null;

  function api(method, path, body) {
    return fetch(config.api + path, {
      method: method, credentials: "include",
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined
    }).then(function (r) {
      return r.json().catch(function () { return null; }).then(function (data) { return { ok: r.ok, status: r.status, data: data }; });
    }, function () { return { ok: false, status: 0, data: { message: "Network error. Please try again." } }; });
  }

  function render(c) {
    $("amount").textContent = fmt(c.amount);
    $("discount").textContent = fmt(-c.discountAmount);
    $("tax").textContent = c.taxAmount === null ? "Calculated with your address" : fmt(c.taxAmount);
    $("total").innerHTML = "<strong>" + fmt(c.totalAmount) + "</strong>";
    var pay = $("pay");
    if (pay) pay.textContent = c.isPaymentRequired ? "Pay " + fmt(c.totalAmount) : (c.isPaymentSetupRequired ? "Subscribe" : "Get it for free");
  }

  var FIELD_IDS = { customerEmail: "email", customerName: "name", confirmationTokenId: "card", amount: "custom-amount", discountCode: "discount-code" };
  function fieldFor(path) {
    if (path[0] === "customerBillingAddress") return $(path[1] || "country");
    if (path[0] === "customFieldData") return $("cf-" + path[1]);
    if (path[0] === "confirmationTokenId" && !$("card")) return $("payment-error");
    return $(FIELD_IDS[path[0]] || path[0]);
  }
  var formError = $("form-error");
  function clearErrors() {
    var list = document.querySelectorAll(".error");
    for (var i = 0; i < list.length; i++) list[i].textContent = "";
    var invalid = document.querySelectorAll("[aria-invalid]");
    for (var j = 0; j < invalid.length; j++) invalid[j].removeAttribute("aria-invalid");
    if (formError) { formError.textContent = ""; formError.hidden = true; }
  }
  // What a buyer reads: validation issues become plain sentences by field; messages that are
  // already written for people (a declined card, a discount rule) are kept.
  var FIELD_TEXT = { customerEmail: "Enter a valid email address.", customerName: "Enter your name.",
    country: "Choose your country.", line1: "Enter your street address.", city: "Enter your city.",
    postalCode: "Enter your postal code.", state: "Choose your state or province.",
    confirmationTokenId: "Enter your card number.", amount: "Enter an amount." };
  var RAW = /^(too small|too big|invalid|expected|required|string must|number must)|expected (string|number|boolean)|is required[.]?$/i;
  function human(path, message) {
    var key = path[0] === "customerBillingAddress" ? (path[1] || "country") : path[0];
    if (message && !RAW.test(message)) return message;
    if (path[0] === "customFieldData") return "Please fill in this field.";
    if (key === "country" && /full/i.test(message || "")) return "Enter your full billing address.";
    return FIELD_TEXT[key] || "Please check this field.";
  }
  function showFormError(text, focusBox) {
    if (!formError) { say(text); return; }
    formError.textContent = text;
    formError.hidden = false;
    say("");
    if (focusBox) { formError.scrollIntoView({ block: "center" }); formError.focus(); }
  }
  function showError(res) {
    var issues = (res.data && res.data.issues) || [];
    var first = null, count = 0;
    for (var i = 0; i < issues.length; i++) {
      var el = fieldFor(issues[i].path || []);
      if (!el) continue;
      var slot = el.classList && el.classList.contains("error") ? el : $(el.id + "-error");
      if (slot) slot.textContent = human(issues[i].path || [], issues[i].message);
      if (el.setAttribute && !el.classList.contains("error")) el.setAttribute("aria-invalid", "true");
      first = first || el;
      count++;
    }
    var message = res.data && res.data.message;
    if (count > 1 || !message || RAW.test(message) || /^invalid (body|query)/i.test(message))
      message = count > 1 ? "Please check the " + count + " highlighted fields." : count === 1 ? "Please check the highlighted field." : "Something went wrong. Please try again.";
    // Focus the first failing field in page order (the server lists issues in its own order).
    first = document.querySelector("#checkout [aria-invalid=true]") || first;
    showFormError(message, !first);
    if (first && first.focus) { first.scrollIntoView({ block: "center" }); first.focus(); }
  }

  // The address fields a country needs (the server's rule): everything for the US or when a full
  // address is required, a state (select) for the US and Canada only.
  function mark(id, required) {
    var el = $(id);
    if (!el) return;
    el.required = required;
    var label = document.querySelector('label[for="' + id + '"] .req');
    if (label) label.hidden = !required;
  }
  function countryChanged() {
    var country = value("country") || "";
    var full = config.fullAddress || country === "US";
    mark("line1", full); mark("city", full); mark("postalCode", full);
    var states = config.states[country];
    var select = $("state");
    if (!select) return;
    $("state-field").hidden = !states;
    mark("state", Boolean(states));
    var label = document.querySelector('label[for="state"]');
    if (label && label.firstChild) label.firstChild.textContent = config.stateLabels[country] || "State";
    var previous = select.value;
    while (select.options.length > 1) select.remove(1);
    (states || []).forEach(function (s) { select.add(new Option(s.label, s.value, false, s.value === previous)); });
  }

  // Only http(s) targets: a stored URL from before URL validation must never run as script.
  function httpUrl(text) {
    if (!text) return null;
    try {
      var url = new URL(text, window.location.href);
      return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
    } catch (e) { return null; }
  }

  function success(c) {
    var form = $("checkout");
    if (form) form.hidden = true;
    say("Payment successful. Thank you!");
    var target = httpUrl(c.successUrl);
    if (target) setTimeout(function () { window.location.assign(target); }, 300);
  }

  function value(id) { var el = $(id); return el && el.value.trim() !== "" ? el.value.trim() : undefined; }

  function collect() {
    var body = { customerEmail: value("email"), customerName: value("name") };
    if ($("country")) {
      body.customerBillingAddress = { country: (value("country") || "").toUpperCase(), line1: value("line1"), line2: value("line2"),
        city: value("city"), postalCode: value("postalCode"), state: $("state-field") && !$("state-field").hidden ? value("state") : undefined };
    }
    var data = {};
    var custom = document.querySelectorAll("[data-custom-field]");
    for (var i = 0; i < custom.length; i++) {
      var el = custom[i], type = el.getAttribute("data-type"), slug = el.getAttribute("data-custom-field");
      if (type === "checkbox") data[slug] = el.checked;
      else if (el.value !== "") data[slug] = type === "number" ? Number(el.value) : el.value;
    }
    if (custom.length) body.customFieldData = data;
    if ($("custom-amount") && value("custom-amount")) body.amount = Math.round(Number(value("custom-amount")) * factor);
    return body;
  }

  function afterConfirm(res) {
    if (!res.ok) { showError(res); return; }
    var c = res.data;
    render(c);
    if (c.status === "succeeded") return success(c);
    var meta = c.paymentProcessorMetadata || {};
    if (c.status === "confirmed" && meta.intent_status === "requires_action") {
      if (stripe) {
        return stripe.handleNextAction({ clientSecret: meta.intent_client_secret }).then(function () { poll(30); });
      }
      say("Your bank asks you to confirm this payment.");
      var dialog = $("authenticate");
      dialog.hidden = false;
      $("auth-approve").focus();
      return;
    }
    poll(30);
  }

  function poll(left) {
    api("GET", "").then(function (res) {
      if (res.ok && res.data.status === "succeeded") return success(res.data);
      if (res.ok && res.data.status === "open") return showFormError("The payment did not go through. Please try another payment method.", true);
      if (left > 0) setTimeout(function () { poll(left - 1); }, 1000);
    });
  }

  function authenticate(approve) {
    $("authenticate").hidden = true;
    say(approve ? "Confirming…" : "Authentication failed.");
    api("POST", "/test-authenticate", { approve: approve }).then(function (res) {
      if (res.ok && res.data.status === "succeeded") return success(res.data);
      if (res.ok) { render(res.data); showFormError("The payment was not authenticated. Please try again or use another card.", true); return; }
      showError(res);
    });
  }

  if (config.status === "succeeded") { say("This checkout is already paid."); if (config.successUrl) success(config); return; }
  if (config.stripeKey && window.Stripe && $("payment-element")) {
    stripe = window.Stripe(config.stripeKey);
    elements = stripe.elements(Object.assign({ mode: config.mode, currency: config.currency },
      config.mode === "payment" ? { amount: config.totalAmount } : {},
      config.setupFutureUsage ? { setupFutureUsage: config.setupFutureUsage } : {}));
    elements.create("payment").mount("#payment-element");
  }
  var apply = $("apply-discount");
  if (apply) apply.addEventListener("click", function () {
    clearErrors();
    api("PATCH", "", { discountCode: value("discount-code") || null }).then(function (res) {
      if (!res.ok) { $("discount-code-error").textContent = (res.data && res.data.message) || "Invalid code"; $("discount-code").setAttribute("aria-invalid", "true"); say("The discount code was not applied."); return; }
      render(res.data); say("Discount applied.");
    });
  });
  var amountInput = $("custom-amount");
  if (amountInput) amountInput.addEventListener("change", function () {
    clearErrors();
    api("PATCH", "", { amount: Math.round(Number(amountInput.value) * factor) }).then(function (res) {
      if (!res.ok) return showError({ data: { message: res.data && res.data.message, issues: [{ path: ["amount"], message: res.data && res.data.message }] } });
      render(res.data);
    });
  });
  if ($("country")) { $("country").addEventListener("change", countryChanged); countryChanged(); }
  $("auth-approve").addEventListener("click", function () { authenticate(true); });
  $("auth-fail").addEventListener("click", function () { authenticate(false); });
  $("checkout").addEventListener("submit", function (event) {
    event.preventDefault();
    clearErrors();
    var body = collect();
    var pay = $("pay");
    pay.disabled = true;
    say("Processing…");
    var token = Promise.resolve(value("card"));
    if (stripe && elements) {
      token = elements.submit().then(function (r) {
        if (r.error) throw r.error;
        return stripe.createConfirmationToken({ elements: elements });
      }).then(function (r) { if (r.error) throw r.error; return r.confirmationToken.id; });
    }
    token.then(function (id) {
      if (id) body.confirmationTokenId = id;
      return api("POST", "/confirm", body);
    }, function (error) {
      return { ok: false, status: 400, data: { message: error.message, issues: [{ path: ["confirmationTokenId"], message: error.message }] } };
    }).then(function (res) { pay.disabled = false; afterConfirm(res); });
  });
})();
`;
