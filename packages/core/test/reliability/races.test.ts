import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../src/db/migrate";
import { billing } from "../../src/plugins/billing";
import type { BillingServices } from "../../src/plugins/billing/services";
import { organization } from "../../src/plugins/organization";
import { createTestAuth, type TestBrowser } from "../../src/testing";
import { type OpenStore, randomPrefix, sqlStores } from "../db/stores";
import { record } from "./counters";

/*
 * 20-way races on PostgreSQL and MariaDB for each single-use or counted resource that exists:
 * password-reset tokens, email-verification links, invitation accepts and checkout confirms (one
 * winner each). Discount redemptions (20 confirms, 5 uses left: exactly 5) are covered on both
 * databases by test/db/billing-stores.test.ts, refunds (20 at once never give back more than was
 * paid) by test/db/billing-refunds-stores.test.ts, renewals (20 `runDue()` at once renew each due
 * subscription once) by test/db/billing-subscriptions-year.test.ts, and renewals across processes
 * by renewal-crash.test.ts. API keys do not exist yet (issue 18).
 */

const N = 20;
const stores = (await sqlStores()).filter((s) => s.name === "postgres" || s.name === "mysql");
const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);
const card = {
  customerBillingAddress: {
    country: "US",
    line1: "1 Main St",
    city: "Springfield",
    postalCode: "12345",
    state: "US-IL",
  },
  confirmationTokenId: "pm_card_visa",
};

function makeApp(opened: OpenStore) {
  const mails: { kind: string; url: string; token: string; to: string }[] = [];
  const events: string[] = [];
  const t = createTestAuth({
    database: opened.database,
    plugins: [organization(), billing()],
    emailAndPassword: {
      sendResetPassword: ({ user, url, token }) =>
        void mails.push({ kind: "reset", url, token, to: user.email }),
    },
    emailVerification: {
      sendVerificationEmail: ({ user, url, token }) =>
        void mails.push({ kind: "verify", url, token, to: user.email }),
    },
    advanced: { backgroundTasks: (task) => void pending.push(task) },
  });
  const pending: Promise<unknown>[] = [];
  t.auth.$context.events.on("user.updated", ({ user, previous }) => {
    if (user.emailVerified && !previous.emailVerified) events.push(`verified:${user.id}`);
  });
  return { ...t, mails, events, pending };
}

/** Signs in the same user in `n` separate browsers (n sessions). */
async function sessions(t: ReturnType<typeof makeApp>, email: string, password: string, n: number) {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const b = t.browser();
      const res = await b.post("/sign-in/email", { email, password });
      expect(res.status).toBe(200);
      return b;
    }),
  );
}

const okCount = (results: { status: number }[]) => results.filter((r) => r.status === 200).length;

for (const store of stores) {
  describe.skipIf(!store.available)(`${N}-way races on ${store.name}`, () => {
    let opened: OpenStore;
    let t: ReturnType<typeof makeApp>;
    let races = 0;

    beforeAll(async () => {
      opened = store.open({ tablePrefix: randomPrefix("ghr") });
      t = makeApp(opened);
      await migrate(t.auth);
    }, 120_000);

    afterAll(async () => {
      record({ races, raceAttempts: races * N });
      await opened?.cleanup(t.auth.$context.schema);
    });

    it("one password-reset token used 20 times at once: exactly one reset", async () => {
      const { email } = await t.signUp();
      await t.browser().post("/request-password-reset", { email });
      await Promise.all(t.pending.splice(0));
      const { token } = t.mails.filter((m) => m.kind === "reset" && m.to === email.toLowerCase()).at(-1)!;
      const results = await Promise.all(
        Array.from({ length: N }, (_, i) =>
          t.browser().post("/reset-password", { token, newPassword: `new-password-${i}` }),
        ),
      );
      expect(okCount(results)).toBe(1);
      const winner = results.findIndex((r) => r.status === 200);
      for (const r of results) if (r.status !== 200) expect(r.status).toBe(400);
      expect(
        (await t.browser().post("/sign-in/email", { email, password: `new-password-${winner}` })).status,
      ).toBe(200);
      races++;
    }, 60_000);

    it("one email-verification link followed 20 times at once: verified once", async () => {
      const { email, user } = await t.signUp();
      await t.browser().post("/send-verification-email", { email });
      const { token } = t.mails.filter((m) => m.kind === "verify" && m.to === email.toLowerCase()).at(-1)!;
      const results = await Promise.all(
        Array.from({ length: N }, () => t.browser().get(`/verify-email?token=${encodeURIComponent(token)}`)),
      );
      for (const r of results) expect(r.status).toBe(200);
      expect(t.events.filter((e) => e === `verified:${user.id}`)).toHaveLength(1);
      races++;
    }, 60_000);

    it("one invitation accepted from 20 sessions at once: one membership", async () => {
      const owner = await t.signUp();
      const invitee = await t.signUp();
      const org = await owner.browser.post<{ id: string }>("/organization/create", {
        name: "Race",
        slug: `race-${Math.random().toString(36).slice(2)}`,
      });
      const invite = await owner.browser.post<{ id: string }>("/organization/invite-member", {
        email: invitee.email,
        role: "member",
        organizationId: org.data.id,
      });
      const browsers: TestBrowser[] = await sessions(t, invitee.email, invitee.password, N);
      const results = await Promise.all(
        browsers.map((b) => b.post("/organization/accept-invitation", { invitationId: invite.data.id })),
      );
      expect(okCount(results)).toBe(1);
      const members = await t.auth.$context.adapter.count({
        model: "member",
        where: [
          { field: "organizationId", value: org.data.id },
          { field: "userId", value: invitee.user.id },
        ],
      });
      expect(members).toBe(1);
      races++;
    }, 60_000);

    it("one checkout confirmed 20 times at once: one order", async () => {
      const services = (t.auth as unknown as { billing: BillingServices }).billing;
      const merchant = await services.merchants.defaultMerchant();
      const db = t.auth.$context.adapter;
      const product = await db.create<{ id: string }>({
        model: "billingProduct",
        data: {
          merchantId: merchant.id,
          name: "Plan",
          isRecurring: false,
          recurringInterval: null,
          metadata: {},
        },
      });
      await db.create({
        model: "billingPrice",
        data: {
          productId: product.id,
          merchantId: merchant.id,
          type: "one_time",
          recurringInterval: null,
          amountType: "fixed",
          priceAmount: 700,
          priceCurrency: "usd",
        },
      });
      const { browser } = await t.signUp();
      const s = secretOf(
        (await browser.post<{ url: string }>("/checkout", { products: [product.id] })).data.url,
      );
      const results = await Promise.all(
        Array.from({ length: N }, () => browser.post(`/checkouts/client/${s}/confirm`, card)),
      );
      for (const r of results) expect([200, 409]).toContain(r.status);
      const checkout = await db.findOne<{ id: string }>({
        model: "billingCheckout",
        where: [{ field: "clientSecret", value: s }],
      });
      expect(
        await db.count({ model: "billingOrder", where: [{ field: "checkoutId", value: checkout!.id }] }),
      ).toBe(1);
      races++;
    }, 60_000);
  });
}
