/**
 * The page script's handlers for benefits, payment method and billing details (spliced into
 * `PORTAL_PAGE_SCRIPT`'s closure: `call`, `run`, `say`, `fail`, `busy`, `afterChange` and `config`
 * are in scope). Field errors read as sentences from `config.fieldErrors`, never the server's text.
 */
export const PORTAL_ACCOUNT_SCRIPT = `
  var revealed = {};
  function keyOf(id) {
    if (revealed[id]) return Promise.resolve(revealed[id]);
    return call("GET", "/license-keys/reveal?licenseKeyId=" + encodeURIComponent(id)).then(function (data) {
      revealed[id] = data.key;
      return data.key;
    });
  }
  function reveal(el) {
    var code = document.getElementById("key-" + el.dataset.id);
    if (el.getAttribute("aria-pressed") === "true") {
      code.textContent = code.dataset.masked;
      el.setAttribute("aria-pressed", "false");
      say("The license key is hidden again.");
      return;
    }
    busy(el, true);
    keyOf(el.dataset.id).then(function (key) {
      code.textContent = key;
      el.setAttribute("aria-pressed", "true");
      say("The license key is shown.");
    }, function (e) { fail(e && e.code); }).then(function () { busy(el, false); });
  }
  function copy(el) {
    keyOf(el.dataset.id).then(function (key) {
      if (!navigator.clipboard) throw { code: "COPY_FAILED" };
      return navigator.clipboard.writeText(key).then(null, function () { throw { code: "COPY_FAILED" }; });
    }).then(function () { say("The license key was copied to the clipboard."); }, function (e) { fail(e && e.code); });
  }

  document.addEventListener("click", function (event) {
    var el = event.target.closest && event.target.closest("button[data-action]");
    if (!el) return;
    if (el.dataset.action === "reveal") reveal(el);
    else if (el.dataset.action === "copy") copy(el);
    else if (el.dataset.action === "deactivate") {
      run(el, "POST", "/license-keys/deactivate", { licenseKeyId: el.dataset.key, activationId: el.dataset.id }, function () {
        return afterChange("The device was deactivated. Its place is free for another device.", "benefits-title");
      });
    }
  });

  function fieldOf(id) { return document.getElementById(id); }
  function clearFields(form) {
    var marked = form.querySelectorAll("[aria-invalid]");
    for (var i = 0; i < marked.length; i++) marked[i].removeAttribute("aria-invalid");
    var lines = form.querySelectorAll(".error");
    for (var j = 0; j < lines.length; j++) lines[j].textContent = "";
  }
  /** Marks fields with sentences; the first one gets focus. Whether any field was marked. */
  function markFields(list) {
    var first = null;
    list.forEach(function (item) {
      var input = fieldOf(item.id);
      var line = fieldOf(item.id + "-error");
      if (!input || !line) return;
      input.setAttribute("aria-invalid", "true");
      line.textContent = item.text;
      if (!first) first = input;
    });
    if (first) {
      errorEl.textContent = config.errors.FIELDS || config.fallbackError;
      errorEl.hidden = false;
      first.focus();
    }
    return Boolean(first);
  }

  function countryChanged() {
    var country = fieldOf("details-country").value;
    var states = config.states[country];
    var select = fieldOf("details-state");
    var current = select.value;
    select.textContent = "";
    select.appendChild(new Option("Choose…", ""));
    (states || []).forEach(function (s) { select.appendChild(new Option(s.label, s.value, false, s.value === current)); });
    fieldOf("details-state-field").hidden = !states;
    fieldOf("details-state-field").querySelector("label").firstChild.textContent = config.stateLabels[country] || "State";
    var full = country === "US" || Boolean(fieldOf("details-taxId").value.trim());
    var need = { line1: full, city: full, postalCode: full, state: Boolean(states) };
    Object.keys(need).forEach(function (key) {
      var input = fieldOf("details-" + key);
      input.required = need[key];
      fieldOf("details-" + key + "-field").querySelector(".req").hidden = !need[key];
    });
  }
  document.addEventListener("change", function (event) {
    if (event.target.id === "details-country" || event.target.id === "details-taxId") countryChanged();
  });

  /** Stripe's Payment Element in setup mode (as the checkout page), mounted again after a refresh. */
  var stripe = null, elements = null;
  function mountPayment() {
    if (!config.stripeKey || !window.Stripe || !fieldOf("payment-element")) return;
    stripe = stripe || window.Stripe(config.stripeKey);
    var currency = fieldOf("payment-element").dataset.currency;
    elements = stripe.elements({ mode: "setup", currency: currency, setupFutureUsage: "off_session" });
    elements.create("payment").mount("#payment-element");
  }
  mountPayment();
  function paymentToken(input) {
    if (input) return Promise.resolve(input.value.trim());
    if (!elements) return Promise.reject({ code: "NETWORK" });
    return elements.submit().then(function (r) {
      if (r.error) throw { code: "THE_PAYMENT_FAILED", declineCode: r.error.decline_code };
      return stripe.createConfirmationToken({ elements: elements });
    }).then(function (r) {
      if (r.error) throw { code: "THE_PAYMENT_FAILED", declineCode: r.error.decline_code };
      return r.confirmationToken.id;
    });
  }

  function savePayment(form, button) {
    var input = fieldOf("card");
    clearFields(form);
    if (input && !input.value.trim()) { markFields([{ id: "card", text: config.fieldErrors.card }]); return; }
    /** A refused card reads as the decline's sentence, at the card field (or in the alert). */
    function declined(e) {
      if (e.code !== "THE_PAYMENT_FAILED" && e.code !== "INVALID_BODY_PARAMETERS") return false;
      var text = config.declines[e.declineCode] || config.declines.generic_decline;
      if (input) return markFields([{ id: "card", text: text }]);
      errorEl.textContent = text;
      errorEl.hidden = false;
      errorEl.focus();
      return true;
    }
    busy(button, true);
    paymentToken(input).then(function (value) {
      return run(button, "POST", "/payment-methods/update", { paymentMethod: value }, function () {
        return afterChange("Your new payment method is saved. Your next renewal is charged to it.", "payment-title");
      }, declined);
    }, function (e) {
      busy(button, false);
      if (!declined(e || {})) fail(e && e.code);
    });
  }

  function saveDetails(form, button) {
    clearFields(form);
    var v = function (id) { return fieldOf("details-" + id).value.trim(); };
    var taxId = v("taxId");
    var body = {
      name: v("name") || null,
      billingAddress: { country: v("country"), line1: v("line1") || null, line2: v("line2") || null,
        city: v("city") || null, postalCode: v("postalCode") || null, state: v("state") || null },
      taxId: taxId ? { value: taxId, type: v("taxType") } : null,
    };
    run(button, "POST", "/billing-details/update", body, function () {
      return afterChange("Your billing details are saved. They appear on your next invoices.", "details-title");
    }, function (e) {
      var list = (e.issues || []).map(function (issue) {
        var key = issue.path[issue.path.length - 1];
        if (key === "value" || key === "type") key = key === "value" ? "taxId" : "taxType";
        return { id: "details-" + key, text: config.fieldErrors[key] || config.fieldErrors.generic };
      });
      if (e.code === "INVALID_TAX_ID") list.push({ id: "details-taxId", text: config.fieldErrors.taxId });
      if (e.code === "COUNTRY_IS_REQUIRED_TO_VALIDATE_TAX_ID") list.push({ id: "details-country", text: config.fieldErrors.country });
      return markFields(list);
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var kind = form.dataset && form.dataset.form;
    if (kind !== "payment" && kind !== "details") return;
    event.preventDefault();
    var button = form.querySelector("button[type=submit]");
    if (kind === "payment") savePayment(form, button);
    else saveDetails(form, button);
  });
`;
