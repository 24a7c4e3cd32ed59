import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PORTAL_DECLINE_TEXT, PORTAL_FIELD_TEXT } from "../../../src/plugins/billing/portal-page/errors";
import type { CustomerRow } from "../../../src/plugins/billing/rows";
import { seedBenefits } from "./account-setup";
import { portalBrowser, shots, skipBrowser, startPortalApp } from "./browser";

/**
 * The portal's benefits, usage, payment method and billing details in a real headless Chromium
 * under the page's CSP: each action is reached with Tab and activated with the keyboard; refused
 * input reads as sentences at the fields, announced and focused. Screenshots of each state.
 */
describe.skipIf(skipBrowser)("customer portal account sections in Chromium", { timeout: 120_000 }, () => {
  let app: Awaited<ReturnType<typeof startPortalApp>>;
  let browser: Awaited<ReturnType<typeof portalBrowser>> | undefined;
  let seeded: Awaited<ReturnType<typeof seedBenefits>>;

  beforeAll(async () => {
    app = await startPortalApp("portal-account@example.com");
    seeded = await seedBenefits(app.services, app.customerId, app.buy);
    browser = await portalBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** Presses Tab from where focus is until `target` has focus (at most `max` presses). */
  async function tabTo(page: Page, target: Locator, max = 40) {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press("Tab");
      if (await target.evaluate((el) => el === document.activeElement)) return;
    }
    throw new Error("the control was not reached with Tab");
  }
  const focused = (l: Locator) => l.evaluate((el) => el === document.activeElement);
  /** Keyboard start: the section's heading (focusable, tabindex -1). */
  const startAt = (page: Page, section: string) => page.locator(`#${section}-title`).focus();

  async function open() {
    const session = await app.services.portal.createSession({ customerId: app.customerId });
    const page = await browser!.context.newPage();
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
    const res = await page.goto(session.customerPortalUrl);
    expect(res?.status()).toBe(200);
    await page.getByRole("heading", { name: "Benefits", exact: true }).waitFor();
    return { page, errors };
  }

  it("benefits: note, key shown and copied, device deactivated, file downloaded; usage shown", async () => {
    const { page, errors } = await open();
    await browser!.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.base });
    const benefits = page.locator("#benefits");
    await benefits.getByText("Join the office hours on Fridays.").waitFor();
    await page.screenshot({ path: join(shots, "portal-account.png"), fullPage: true });
    const key = benefits.locator("code.key");
    expect(await key.textContent()).toBe(seeded.key.displayKey);
    expect(await key.textContent()).not.toBe(seeded.key.key);

    // Show the key with the keyboard.
    await startAt(page, "benefits");
    const show = benefits.getByRole("button", { name: "Show key" });
    expect(await show.getAttribute("aria-pressed")).toBe("false");
    await tabTo(page, show);
    await page.keyboard.press("Enter");
    await page.getByRole("status").getByText("The license key is shown.").waitFor();
    expect(await key.textContent()).toBe(seeded.key.key);
    expect(await show.getAttribute("aria-pressed")).toBe("true");
    await benefits.getByRole("button", { name: "Copy key" }).click();
    await page.getByRole("status").getByText("The license key was copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(seeded.key.key);
    await benefits.screenshot({ path: join(shots, "portal-benefits.png") });
    // Pressed again: masked again.
    await show.press("Space");
    await page.getByRole("status").getByText("The license key is hidden again.").waitFor();
    expect(await key.textContent()).toBe(seeded.key.displayKey);
    expect(await show.getAttribute("aria-pressed")).toBe("false");

    // Deactivate the laptop with the keyboard.
    await startAt(page, "benefits");
    await tabTo(page, benefits.getByRole("button", { name: "Deactivate Laptop" }));
    await page.keyboard.press("Enter");
    await page.getByRole("status").getByText("The device was deactivated.").waitFor();
    expect(await page.locator("#benefits table tbody tr").allTextContents()).toEqual([
      expect.stringContaining("Studio desktop"),
    ]);
    const [stored] = (
      await app.services.licenseKeys.listForCustomers([app.customerId], { page: 1, limit: 5 })
    ).items;
    expect(stored?.activations?.map((a) => a.label)).toEqual(["Studio desktop"]);

    // Download the file through its signed link, with the keyboard.
    await startAt(page, "benefits");
    await tabTo(page, page.getByRole("link", { name: "Download Field guide.pdf" }));
    const pending = page.waitForEvent("download");
    await page.keyboard.press("Enter");
    const download = await pending;
    expect(download.suggestedFilename()).toBe("Field guide.pdf");
    expect(await readFile((await download.path())!, "utf8")).toBe("%PDF-1.4 field guide");

    // Usage: consumed 3, credited 100, balance 97.
    const row = page.locator("#usage tbody tr");
    expect((await row.allInnerTexts())[0]?.split("\t")).toEqual(["API calls", "3", "100", "97"]);
    await page.locator("#usage").screenshot({ path: join(shots, "portal-usage.png") });

    expect(browser!.seen.get(page) ?? []).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("payment method: a declined card reads as a sentence at the field; a good card is saved", async () => {
    const { page, errors } = await open();
    const card = page.getByLabel("Card number");
    await startAt(page, "payment");
    await tabTo(page, card);
    await page.keyboard.type("4000 0000 0000 0002");
    await page.keyboard.press("Enter");
    await page.locator("#card-error").getByText(PORTAL_DECLINE_TEXT.generic_decline!).waitFor();
    expect(await card.getAttribute("aria-invalid")).toBe("true");
    expect(await focused(card)).toBe(true);
    expect(await page.locator("#error").isVisible()).toBe(true);
    await page.locator("#payment").screenshot({ path: join(shots, "portal-payment-error.png") });

    await card.fill("4242 4242 4242 4242");
    await tabTo(page, page.getByRole("button", { name: "Save payment method" }));
    await page.keyboard.press("Enter");
    await page.getByRole("status").getByText("Your new payment method is saved.").waitFor();
    await page.locator("#payment").getByText("Card ending in 4242").waitFor();
    const sub = await app.services.subscriptions.findById(app.subscriptionId);
    expect(sub?.paymentMethodId).toBe("tpm_4242");
    await page.locator("#payment").screenshot({ path: join(shots, "portal-payment.png") });

    expect(browser!.seen.get(page) ?? []).toEqual([]);
    expect(errors.every((e) => e.includes("status of 400"))).toBe(true);
    await page.close();
  });

  it("billing details: fields follow the country; missing and bad values are marked; saved", async () => {
    const { page, errors } = await open();
    const details = page.locator("#details");
    const country = page.getByLabel("Country");
    await startAt(page, "details");
    await tabTo(page, country);
    await country.selectOption("DE");
    expect(await page.locator("#details-state-field").isHidden()).toBe(true);
    await page.getByLabel("Name or company").fill("Ada Lovelace GmbH");
    await page.locator("#details-line1").fill("Hauptstr. 1");
    await page.getByLabel("City").fill("Berlin");
    await page.getByLabel("Postal code").fill("");
    await page.getByLabel("Tax ID type").selectOption("eu_vat");
    const taxId = page.getByLabel("Tax ID number");
    await taxId.fill("12345");
    await taxId.press("Enter");
    // A tax id needs the full address: the postal code is marked first.
    const postal = page.getByLabel("Postal code");
    await page.locator("#details-postalCode-error").getByText(PORTAL_FIELD_TEXT.postalCode!).waitFor();
    expect(await focused(postal)).toBe(true);
    await postal.fill("10115");
    await tabTo(page, details.getByRole("button", { name: "Save billing details" }));
    await page.keyboard.press("Enter");
    await page.locator("#details-taxId-error").getByText(PORTAL_FIELD_TEXT.taxId!).waitFor();
    expect(await taxId.getAttribute("aria-invalid")).toBe("true");
    expect(await focused(taxId)).toBe(true);
    expect(await page.locator("#error").textContent()).toContain("Some details need your attention");
    await details.screenshot({ path: join(shots, "portal-details-error.png") });

    await taxId.fill("DE123456789");
    await taxId.press("Enter");
    await page.getByRole("status").getByText("Your billing details are saved.").waitFor();
    const customer = await app.services.ctx.app.adapter.findOne<CustomerRow>({
      model: "billingCustomer",
      where: [{ field: "id", value: app.customerId }],
    });
    expect(customer).toMatchObject({
      name: "Ada Lovelace GmbH",
      billingAddress: {
        country: "DE",
        line1: "Hauptstr. 1",
        city: "Berlin",
        postalCode: "10115",
        state: null,
      },
      taxId: ["DE123456789", "eu_vat"],
    });
    await details.getByText("On file: Hauptstr. 1, Berlin, Germany; tax ID DE123456789").waitFor();
    await details.screenshot({ path: join(shots, "portal-details.png") });

    expect(browser!.seen.get(page) ?? []).toEqual([]);
    expect(errors.every((e) => e.includes("status of 422"))).toBe(true);
    await page.close();
  });
});
