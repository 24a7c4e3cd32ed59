import { describe, expect, it } from "vitest";
import { memoryFileStorage } from "../../../src/plugins/billing";
import type { BenefitCreateInput } from "../../../src/plugins/billing/catalog/benefits/schemas";
import type { BillingOptions } from "../../../src/plugins/billing/options";
import type { OffSessionChargeInput } from "../../../src/plugins/billing/processors/processor";
import { testProcessor } from "../../../src/plugins/billing/processors/test-processor";
import type { CustomerRow, OrderRow, SubscriptionRow } from "../../../src/plugins/billing/rows";
import { type ErrorBody, ok } from "../catalog/helpers";
import { seedBenefits } from "./account-setup";
import { portalShop } from "./setup";

type Benefits = {
  grants: { type: string; description: string; status: string; note?: string | null; units?: number }[];
  licenseKeys: {
    id: string;
    key?: string;
    displayKey: string;
    status: string;
    canDeactivate: boolean;
    activations: { id: string; label: string }[] | null;
  }[];
  downloadables: { name: string; downloadUrl: string; size: number }[];
};
type Methods = { items: { id: string; label: string; isDefault: boolean }[]; hasSubscriptions: boolean };

/** A portal shop whose processor records the method of every off-session charge. */
async function shop(options: BillingOptions = {}) {
  const charged: OffSessionChargeInput[] = [];
  const processor = testProcessor();
  const charge = processor.chargeOffSession.bind(processor);
  processor.chargeOffSession = (input) => {
    charged.push(input);
    return charge(input);
  };
  const app = await portalShop({ processor, files: { storage: memoryFileStorage() }, ...options });
  const { token } = await app.session();
  const customerId = app.subscriptionOrder.customerId;
  const api = app.api(token);
  return { ...app, processor, charged, token, customerId, url: (path: string) => `${api}/${path}` };
}

describe("customer portal: benefits, usage, payment method, billing details", () => {
  it("benefits: notes, masked keys revealed on request, activations freed, fresh download links", async () => {
    const app = await shop();
    const seeded = await seedBenefits(app.billing, app.customerId, (id) => app.buy(id));
    const data = await ok<Benefits>(app.anon.get(app.url("benefits")));
    expect(data.grants.map((g) => g.type).sort()).toEqual([
      "custom",
      "downloadables",
      "license_keys",
      "meter_credit",
    ]);
    expect(data.grants.find((g) => g.type === "custom")).toMatchObject({
      description: "Welcome note",
      status: "granted",
      note: "Join the office hours on Fridays.",
    });
    const [key] = data.licenseKeys;
    expect(key).toBeDefined();
    expect(key!.key).toBeUndefined();
    expect(key!.displayKey).not.toBe(seeded.key.key);
    expect(key!.canDeactivate).toBe(true);
    expect(key!.activations?.map((a) => a.label)).toEqual(["Laptop", "Studio desktop"]);
    // No raw benefit properties (a Discord benefit keeps its bot token there).
    expect(JSON.stringify(data)).not.toContain("properties");

    const revealed = await ok<{ key: string }>(
      app.anon.get(app.url("license-keys/reveal"), { query: { licenseKeyId: key!.id } }),
    );
    expect(revealed.key).toBe(seeded.key.key);

    const laptop = key!.activations![0]!.id;
    await ok(
      app.anon.post(app.url("license-keys/deactivate"), { licenseKeyId: key!.id, activationId: laptop }),
    );
    const after = await ok<Benefits>(app.anon.get(app.url("benefits")));
    expect(after.licenseKeys[0]!.activations?.map((a) => a.label)).toEqual(["Studio desktop"]);
    const again = await app.anon.post<ErrorBody>(app.url("license-keys/deactivate"), {
      licenseKeyId: key!.id,
      activationId: laptop,
    });
    expect(again.status).toBe(404);
    expect(again.data.code).toBe("LICENSE_KEY_ACTIVATION_NOT_FOUND");

    // Another customer's key is not found (no reveal across customers).
    const foreign = await app.anon.get<ErrorBody>(app.url("license-keys/reveal"), {
      query: { licenseKeyId: "lk_someone_else" },
    });
    expect(foreign.status).toBe(404);

    const [download] = data.downloadables;
    expect(download).toMatchObject({ name: "Field guide.pdf", size: 20 });
    const link = new URL(download!.downloadUrl);
    const file = await app.anon.get(`${link.pathname.replace("/api/auth", "")}${link.search}`);
    expect(file.status).toBe(200);
  });

  it("benefits: Discord and GitHub wait for a linked account; the bot token never leaves the server", async () => {
    const app = await shop({ benefits: { github: { token: "ghp_merchant_secret" } } });
    const benefit = async (type: "discord" | "github_repository", description: string, properties: object) =>
      (await app.billing.benefits.create({ type, description, properties } as BenefitCreateInput)).id;
    const role = await benefit("discord", "Members' Discord", {
      guildId: "g1",
      roleId: "r1",
      guildToken: "bot-secret",
    });
    const repo = await benefit("github_repository", "SDK repository", {
      repositoryOwner: "acme",
      repositoryName: "sdk",
      permission: "pull",
    });
    const product = await app.billing.products.create({
      name: "Community",
      prices: [{ amountType: "fixed", priceAmount: 900 }],
      benefits: [role, repo],
    });
    await app.buy(product.id);
    await app.billing.runDue();
    const data = await ok<Benefits>(app.anon.get(app.url("benefits")));
    expect(
      data.grants.map((g) => [g.type, g.status, (g as { waitingFor?: string }).waitingFor]).sort(),
    ).toEqual([
      ["discord", "pending", "no_linked_account"],
      ["github_repository", "pending", "no_linked_account"],
    ]);
    const page = await app.anon.get<string>(`/customer-portal/${app.token}`);
    for (const body of [JSON.stringify(data), page.data]) {
      expect(body).not.toContain("bot-secret");
      expect(body).not.toContain("ghp_merchant_secret");
    }
    expect(page.data).toContain("Connect your Discord account to this shop&#39;s app");
    expect(page.data).toContain("Connect your GitHub account to this shop&#39;s app");
  });

  it("usage: consumed, credited and balance per meter", async () => {
    const app = await shop();
    await seedBenefits(app.billing, app.customerId, (id) => app.buy(id));
    const usage = await ok<{ items: unknown[] }>(app.anon.get(app.url("usage")));
    expect(usage.items).toEqual([
      { meterId: expect.any(String), name: "API calls", consumedUnits: 3, creditedUnits: 100, balance: 97 },
    ]);
  });

  it("payment method: a setup through the processor; the next renewal charges the new method", async () => {
    const app = await shop();
    const before = await ok<Methods>(app.anon.get(app.url("payment-methods")));
    expect(before.items).toEqual([
      { id: "tpm_visa", label: "Test card (visa)", isDefault: true, subscriptions: [app.subscriptionId] },
    ]);

    const declined = await app.anon.post<ErrorBody & { declineCode?: string }>(
      app.url("payment-methods/update"),
      { paymentMethod: "4000 0000 0000 0002" },
    );
    expect(declined.status).toBe(400);
    expect(declined.data).toMatchObject({ code: "THE_PAYMENT_FAILED", declineCode: "generic_decline" });
    const unchanged = await app.db.findOne<SubscriptionRow>({
      model: "billingSubscription",
      where: [{ field: "id", value: app.subscriptionId }],
    });
    expect(unchanged?.paymentMethodId).toBe("tpm_visa");

    const updates = () =>
      app.events.filter((e) => e.type === "subscription.updated" && e.data.id === app.subscriptionId).length;
    const earlier = updates();
    const saved = await ok<{ id: string; label: string }>(
      app.anon.post(app.url("payment-methods/update"), { paymentMethod: "4242 4242 4242 4242" }),
    );
    expect(saved).toEqual({ id: "tpm_4242", label: "Card ending in 4242", subscriptions: 1 });
    expect(updates()).toBe(earlier + 1);
    const after = await ok<Methods>(app.anon.get(app.url("payment-methods")));
    expect(after.items.map((m) => [m.id, m.isDefault])).toEqual([["tpm_4242", true]]);

    app.time.advance(32 * 86_400_000);
    await app.billing.runDue();
    const renewal = app.charged.find((c) => c.metadata.billing_reason === "subscription_cycle");
    expect(renewal?.paymentMethodId).toBe("tpm_4242");
    const order = await app.db.findOne<OrderRow>({
      model: "billingOrder",
      where: [{ field: "id", value: renewal!.reference }],
    });
    expect(order).toMatchObject({ subscriptionId: app.subscriptionId, status: "paid" });
    expect(renewal?.amount).toBe(order?.totalAmount);
  });

  it("payment method: a past-due subscription's unpaid renewal is retried on the new card at the next run", async () => {
    const app = await shop();
    app.time.advance(32 * 86_400_000);
    app.processor.scriptCharges("decline");
    await app.billing.runDue();
    const sub = () => app.billing.subscriptions.findById(app.subscriptionId);
    expect((await sub())?.status).toBe("past_due");
    const [unpaid] = await app.db.findMany<OrderRow>({
      model: "billingOrder",
      where: [
        { field: "subscriptionId", value: app.subscriptionId },
        { field: "status", value: "pending" },
      ],
    });
    expect(unpaid!.nextPaymentAttemptAt!.getTime()).toBeGreaterThan(app.time.now().getTime());

    // A month later the first link has expired: the buyer opens the portal again.
    const fresh = await app.billing.portal.createSession({ customerId: app.customerId });
    await ok(
      app.anon.post(`${app.api(fresh.token)}/payment-methods/update`, {
        paymentMethod: "4242 4242 4242 4242",
      }),
    );
    await app.billing.runDue();
    const retry = app.charged.at(-1);
    expect(retry).toMatchObject({ reference: unpaid!.id, paymentMethodId: "tpm_4242" });
    const paid = await app.db.findOne<OrderRow>({
      model: "billingOrder",
      where: [{ field: "id", value: unpaid!.id }],
    });
    expect(paid?.status).toBe("paid");
    expect((await sub())?.status).toBe("active");
  });

  it("billing details: address for the country, tax id checked, readable codes for the page", async () => {
    const app = await shop();
    const missing = await app.anon.post<ErrorBody>(app.url("billing-details/update"), {
      billingAddress: { country: "US", line1: "", city: "", postalCode: "", state: "" },
    });
    expect(missing.status).toBe(422);
    expect(missing.data.issues?.map((i) => i.path.join("."))).toEqual([
      "billingAddress.line1",
      "billingAddress.city",
      "billingAddress.postalCode",
      "billingAddress.state",
    ]);
    const badTax = await app.anon.post<ErrorBody>(app.url("billing-details/update"), {
      billingAddress: { country: "DE", line1: "Hauptstr. 1", city: "Berlin", postalCode: "10115" },
      taxId: { value: "12345", type: "eu_vat" },
    });
    expect(badTax.status).toBe(422);
    expect(badTax.data).toMatchObject({ code: "INVALID_TAX_ID", message: "Invalid tax ID." });
    const long = await app.anon.post<ErrorBody>(app.url("billing-details/update"), {
      billingAddress: { country: "DE", city: "x".repeat(129) },
    });
    expect(long.status).toBe(400);

    const saved = await ok(
      app.anon.post(app.url("billing-details/update"), {
        name: "Ada Lovelace GmbH",
        billingAddress: {
          country: "DE",
          line1: "Hauptstr. 1",
          city: "Berlin",
          postalCode: "10115",
          state: "",
        },
        taxId: { value: "de 123456789", type: "eu_vat" },
      }),
    );
    expect(saved).toEqual({
      name: "Ada Lovelace GmbH",
      billingAddress: {
        country: "DE",
        line1: "Hauptstr. 1",
        line2: null,
        city: "Berlin",
        postalCode: "10115",
        state: null,
      },
      taxId: ["DE123456789", "eu_vat"],
    });
    const row = await app.db.findOne<CustomerRow>({
      model: "billingCustomer",
      where: [{ field: "id", value: app.customerId }],
    });
    expect(row?.taxId).toEqual(["DE123456789", "eu_vat"]);
    const updated = app.events.filter((e) => e.type === "customer.updated").map((e) => e.data.taxId);
    expect(updated).toContainEqual(["DE123456789", "eu_vat"]);
  });
});
