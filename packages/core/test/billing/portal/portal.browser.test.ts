import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SubscriptionRow } from "../../../src/plugins/billing/rows";
import { portalBrowser, shots, skipBrowser, startPortalApp, type Violation } from "./browser";

/**
 * The customer portal in a real headless Chromium under its Content-Security-Policy: the buyer
 * views and prints an invoice, cancels with a reason, resumes, previews and changes plan, sees a
 * readable error, all with the keyboard and mouse; no CSP violation, no console error.
 */

describe.skipIf(skipBrowser)("customer portal in Chromium", { timeout: 90_000 }, () => {
  let app: Awaited<ReturnType<typeof startPortalApp>>;
  let browser: Awaited<ReturnType<typeof portalBrowser>> | undefined;
  let context: BrowserContext | undefined;
  let seen: Map<Page, Violation[]>;

  beforeAll(async () => {
    app = await startPortalApp("portal-buyer@example.com");
    browser = await portalBrowser();
    context = browser.context;
    seen = browser.seen;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const row = async () => (await app.services.subscriptions.findById(app.subscriptionId)) as SubscriptionRow;

  it("invoice, cancel with a reason, resume, readable error, preview and change plan", async () => {
    const session = await app.services.portal.createSession({
      customerId: app.customerId,
      returnUrl: "/account",
    });
    const page = await context!.newPage();
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
    const response = await page.goto(session.customerPortalUrl);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-security-policy"]).toContain("default-src 'none'");
    await page.getByRole("heading", { name: "Customer portal" }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain("system-ui");
    await page.screenshot({ path: join(shots, "portal-overview.png"), fullPage: true });

    // The invoice of the e-book, on screen and as printed.
    const invoiceLink = page.getByRole("link", { name: /View invoice .*-0002$/ });
    await invoiceLink.click();
    await page.getByRole("heading", { name: /^Invoice .*-0002$/ }).waitFor();
    const totals = await page.locator(".invoice tfoot tr.total td").allTextContents();
    expect(totals).toEqual(["$22.00", "$16.50"]);
    await page.screenshot({ path: join(shots, "portal-invoice.png"), fullPage: true });
    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("button", { name: "Print or save as PDF" }).isVisible()).toBe(false);
    await page.screenshot({ path: join(shots, "portal-invoice-print.png"), fullPage: true });
    await page.emulateMedia({ media: "screen" });
    await page.getByRole("link", { name: "Back to the portal" }).click();
    await page.getByRole("heading", { name: "Subscriptions" }).waitFor();

    // Cancel with the keyboard: open the form, choose a reason, write a comment, confirm.
    const cancelButton = page.getByRole("button", { name: "Cancel subscription" });
    await cancelButton.focus();
    await page.keyboard.press("Enter");
    expect(await cancelButton.getAttribute("aria-expanded")).toBe("true");
    const reason = page.getByLabel("Why are you cancelling? (optional)");
    expect(await reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await reason.selectOption("too_expensive");
    await page.getByLabel("Anything else you want to tell us? (optional)").fill("Over budget this quarter");
    await page.screenshot({ path: join(shots, "portal-cancel-form.png"), fullPage: true });
    await page.getByRole("button", { name: "Confirm cancellation" }).click();
    await page.getByRole("status").getByText("Your subscription was cancelled.").waitFor();
    let sub = await row();
    expect(sub.cancelAtPeriodEnd).toBe(true);
    expect(sub.customerCancellationReason).toBe("too_expensive");
    expect(sub.customerCancellationComment).toBe("Over budget this quarter");
    await page.getByText(/^Cancels on /).waitFor();
    await page.screenshot({ path: join(shots, "portal-canceled.png"), fullPage: true });

    // Resume.
    await page.getByRole("button", { name: "Resume subscription" }).click();
    await page.getByRole("status").getByText("Your subscription is active again").waitFor();
    expect((await row()).cancelAtPeriodEnd).toBe(false);

    // A refused action reads as a sentence (the merchant turned plan changes off meanwhile).
    await app.services.organization.update({ subscriptionSettings: { allowCustomerUpdates: false } });
    await page.getByRole("button", { name: "Change plan" }).click();
    await page.getByLabel("New plan").selectOption({ label: "Big ($30.00 / month)" });
    await page.getByRole("button", { name: "Preview change" }).click();
    const alert = page.locator("#error");
    await alert.waitFor({ state: "visible" });
    expect(await alert.textContent()).toBe(
      "Plan changes are not available here. Please contact the shop to change your plan.",
    );
    expect(await alert.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.screenshot({ path: join(shots, "portal-error.png"), fullPage: true });
    await app.services.organization.update({ subscriptionSettings: { allowCustomerUpdates: true } });

    // Preview, then change.
    await page.getByRole("button", { name: "Preview change" }).click();
    await page.getByText("Summary of the change").waitFor();
    expect(await alert.isVisible()).toBe(false);
    const preview = await page.locator(".preview").textContent();
    expect(preview).toContain("Remaining time on Small");
    expect(preview).toContain("From the next renewal you pay $30.00 per period.");
    await page.screenshot({ path: join(shots, "portal-preview.png"), fullPage: true });
    await page.getByRole("button", { name: "Confirm plan change" }).click();
    await page.getByRole("status").getByText("Your plan was changed.").waitFor();
    sub = await row();
    expect(sub.productId).toBe(app.big);
    expect(sub.amount).toBe(3000);
    await page.getByRole("heading", { name: "Big" }).waitFor();
    await page.screenshot({ path: join(shots, "portal-changed.png"), fullPage: true });

    expect(seen.get(page) ?? []).toEqual([]);
    // The only console line is Chromium's note about the refused (403) preview.
    expect(errors).toEqual([
      "Failed to load resource: the server responded with a status of 403 (Forbidden)",
    ]);
    await page.close();
  });

  it("an unknown link shows a clear 404 page", async () => {
    const page = await context!.newPage();
    const response = await page.goto(`${app.base}/api/auth/customer-portal/gh_cst_${"x".repeat(48)}`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await page.screenshot({ path: join(shots, "portal-not-found.png"), fullPage: true });
    expect(seen.get(page) ?? []).toEqual([]);
    await page.close();
  });
});
