/**
 * The portal page script (runs under the page's nonce). Buttons and forms carry `data-*`
 * attributes; every action is a JSON call to the portal API (token in the path, cookies omitted),
 * after which the sections are re-read from the server-rendered page and swapped in place.
 */
import { PORTAL_ACCOUNT_SCRIPT } from "./script-account";

export const PORTAL_PAGE_SCRIPT = `
(function () {
  "use strict";
  var config = JSON.parse(document.getElementById("portal-config").textContent);
  var statusEl = document.getElementById("status");
  var errorEl = document.getElementById("error");

  function money(amount, currency) {
    var factor = config.zeroDecimal.indexOf(currency) >= 0 ? 1 : 100;
    return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(amount / factor);
  }
  function text(tag, value, cls) {
    var el = document.createElement(tag);
    el.textContent = value;
    if (cls) el.className = cls;
    return el;
  }
  function say(message) {
    errorEl.hidden = true;
    statusEl.textContent = message;
  }
  function fail(code) {
    statusEl.textContent = "";
    errorEl.textContent = (code && config.errors[code]) || config.fallbackError;
    errorEl.hidden = false;
    errorEl.focus();
  }
  function call(method, path, body) {
    return fetch(config.api + path, {
      method: method,
      credentials: "omit",
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    }).then(function (res) {
      return res.text().then(function (raw) {
        var data = null;
        try { data = raw ? JSON.parse(raw) : null; } catch (e) { data = null; }
        if (!res.ok) throw { code: data && data.code, issues: (data && data.issues) || [], declineCode: data && data.declineCode };
        return data;
      });
    }, function () { throw { code: "NETWORK" }; });
  }
  /** Re-reads the page and swaps every section (the server renders them). */
  function refresh() {
    var url = new URL(location.href);
    url.hash = "";
    url.searchParams.set("partial", "sections");
    return fetch(url.toString(), { credentials: "omit" }).then(function (res) { return res.text(); }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      var fresh = doc.querySelectorAll("[data-section]");
      for (var i = 0; i < fresh.length; i++) {
        var old = document.getElementById(fresh[i].id);
        if (old) old.replaceWith(document.importNode(fresh[i], true));
      }
      mountPayment();
    });
  }
  function busy(button, on) {
    if (!button) return;
    button.disabled = on;
    if (on) button.setAttribute("aria-busy", "true"); else button.removeAttribute("aria-busy");
  }
  /** One action: \`onError\` may show the error itself (and return true), else the alert reads it. */
  function run(button, method, path, body, done, onError) {
    busy(button, true);
    errorEl.hidden = true;
    return call(method, path, body).then(function (data) {
      return done(data);
    }).catch(function (e) {
      if (!(onError && onError(e || {}))) fail(e && e.code);
    }).then(function () { busy(button, false); });
  }
  function afterChange(message, focusId) {
    return refresh().then(function () {
      say(message);
      var target = focusId && document.getElementById(focusId);
      (target || statusEl).focus && (target || statusEl).focus();
    });
  }
  function toggle(id, open) {
    var panel = document.getElementById(id);
    var opener = document.querySelector('[data-toggle="' + id + '"]');
    if (!panel) return;
    panel.hidden = !open;
    if (opener) opener.setAttribute("aria-expanded", open ? "true" : "false");
    if (open) {
      var first = panel.querySelector("select, textarea, input, button");
      if (first) first.focus();
    } else if (opener) opener.focus();
  }
  function showPreview(form, id, preview) {
    var box = document.getElementById("preview-" + id);
    box.textContent = "";
    var select = form.querySelector("select[name=productId]");
    box.appendChild(text("h4", "Summary of the change"));
    box.appendChild(text("p", "New plan: " + select.options[select.selectedIndex].text));
    var table = document.createElement("table");
    table.setAttribute("aria-label", "Proration");
    preview.items.forEach(function (item) {
      var row = table.insertRow();
      row.insertCell().textContent = item.label;
      var cell = row.insertCell();
      cell.className = "num";
      cell.textContent = money(item.amount, preview.currency);
    });
    box.appendChild(table);
    var total = preview.prorationAmount;
    var note;
    if (preview.dueNow > 0) note = "Charged now: " + money(preview.dueNow, preview.currency) + ".";
    else if (total < 0) note = "A credit of " + money(-total, preview.currency) + " goes to your next invoice.";
    else if (total > 0) note = money(total, preview.currency) + " is added to your next invoice.";
    else note = "Nothing is charged now.";
    box.appendChild(text("p", note, "due"));
    box.appendChild(text("p", "From the next renewal you pay " + money(preview.newAmount, preview.currency) + " per period."));
    box.hidden = false;
    var confirm = form.querySelector('[data-action="change"]');
    confirm.hidden = false;
    box.focus();
  }

  document.addEventListener("click", function (event) {
    var el = event.target.closest("button, a");
    if (!el) return;
    if (el.dataset.toggle) {
      var panel = document.getElementById(el.dataset.toggle);
      toggle(el.dataset.toggle, panel ? panel.hidden : false);
    } else if (el.dataset.close) {
      toggle(el.dataset.close, false);
    } else if (el.dataset.action === "uncancel") {
      run(el, "POST", "/subscriptions/uncancel", { subscriptionId: el.dataset.id }, function () {
        return afterChange("Your subscription is active again and will renew as usual.");
      });
    } else if (el.dataset.action === "change") {
      var form = el.closest("form");
      var productId = form.querySelector("select[name=productId]").value;
      run(el, "POST", "/subscriptions/change-plan", { subscriptionId: el.dataset.id, productId: productId }, function () {
        return afterChange("Your plan was changed.");
      });
    }
  });

  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest('form[data-form="change"]');
    if (!form) return;
    var id = form.dataset.id;
    document.getElementById("preview-" + id).hidden = true;
    form.querySelector('[data-action="change"]').hidden = true;
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.dataset || !form.dataset.form) return;
    event.preventDefault();
    var id = form.dataset.id;
    var button = form.querySelector("button[type=submit]");
    if (form.dataset.form === "cancel") {
      var reason = form.querySelector("select[name=cancellationReason]").value;
      var comment = form.querySelector("textarea[name=cancellationComment]").value.trim();
      run(button, "POST", "/subscriptions/cancel", {
        subscriptionId: id,
        cancellationReason: reason || null,
        cancellationComment: comment || null,
      }, function (sub) {
        var end = sub && sub.currentPeriodEnd ? new Date(sub.currentPeriodEnd).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }) : "the end of the period";
        return afterChange("Your subscription was cancelled. It stays active until " + end + ".");
      });
    } else if (form.dataset.form === "change") {
      var productId = form.querySelector("select[name=productId]").value;
      run(button, "POST", "/subscriptions/preview-change", { subscriptionId: id, productId: productId }, function (preview) {
        showPreview(form, id, preview);
      });
    }
  });
${PORTAL_ACCOUNT_SCRIPT}
})();
`;
