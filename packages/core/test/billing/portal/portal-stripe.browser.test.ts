import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeProcessor } from "../../../src/plugins/billing";
import { KEYS, TOKENS } from "../stripe/fake-stripe";
import { useFakeStripe } from "../stripe/harness";
import { portalBrowser, shots, skipBrowser, startPortalApp } from "./browser";

const { fake } = useFakeStripe();

/**
 * Stripe.js as the page sees it, served in place of https://js.stripe.com/v3/ (no network in
 * tests): a Payment Element that renders a line, and a confirmation token for the card.
 */
const FAKE_STRIPE_JS = `
window.Stripe = function (key) {
  window.__stripe = { key: key };
  return {
    elements: function (options) {
      window.__stripe.options = options;
      return {
        create: function () {
          return { mount: function (selector) { document.querySelector(selector).textContent = "Card (Stripe test element)"; } };
        },
        submit: function () { return Promise.resolve({}); },
      };
    },
    createConfirmationToken: function () {
      return Promise.resolve({ confirmationToken: { id: ${JSON.stringify(TOKENS.visa)} } });
    },
  };
};`;

/**
 * The portal's payment method with Stripe in Chromium: the page loads Stripe.js (allowed by its
 * CSP), mounts the Payment Element in setup mode, and the token it makes is confirmed by the
 * server in a SetupIntent (Stripe's API faked with msw); the subscription then uses the new card.
 */
describe.skipIf(skipBrowser)(
  "customer portal payment method with Stripe in Chromium",
  { timeout: 90_000 },
  () => {
    let app: Awaited<ReturnType<typeof startPortalApp>>;
    let browser: Awaited<ReturnType<typeof portalBrowser>> | undefined;

    beforeAll(async () => {
      app = await startPortalApp("portal-stripe@example.com", {
        processor: stripeProcessor({ ...KEYS }),
        paymentToken: TOKENS.visa,
      });
      browser = await portalBrowser();
    });

    afterAll(async () => {
      await browser?.close();
      await app?.close();
    });

    it("mounts the Payment Element and saves the card through a SetupIntent", async () => {
      const session = await app.services.portal.createSession({ customerId: app.customerId });
      const page = await browser!.context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.route("https://js.stripe.com/v3/", (route) =>
        route.fulfill({ contentType: "application/javascript", body: FAKE_STRIPE_JS }),
      );
      const res = await page.goto(session.customerPortalUrl);
      expect(res?.headers()["content-security-policy"]).toContain("https://js.stripe.com");
      const element = page.locator("#payment-element");
      await element.getByText("Card (Stripe test element)").waitFor();
      expect(await page.evaluate(() => (window as unknown as { __stripe: unknown }).__stripe)).toEqual({
        key: KEYS.publishableKey,
        options: { mode: "setup", currency: "usd", setupFutureUsage: "off_session" },
      });
      expect(await page.locator("#card").count()).toBe(0);

      const before = fake.to("/v1/setup_intents").length;
      await page.locator("#payment-title").focus();
      const save = page.getByRole("button", { name: "Save payment method" });
      for (let i = 0; i < 10 && !(await save.evaluate((el) => el === document.activeElement)); i++)
        await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await page.getByRole("status").getByText("Your new payment method is saved.").waitFor();
      const setups = fake.to("/v1/setup_intents");
      expect(setups).toHaveLength(before + 1);
      expect(setups.at(-1)?.params).toMatchObject({ confirmation_token: TOKENS.visa, usage: "off_session" });
      const saved = [...fake.setupIntents.values()].at(-1)!.payment_method as string;
      expect((await app.services.subscriptions.findById(app.subscriptionId))?.paymentMethodId).toBe(saved);
      // The Payment Element is mounted again in the refreshed section.
      await element.getByText("Card (Stripe test element)").waitFor();
      await page.locator("#payment").screenshot({ path: join(shots, "portal-payment-stripe.png") });

      expect(browser!.seen.get(page) ?? []).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    });
  },
);
