import { describe, expect, it } from "vitest";
import { adminShop, messages, ok } from "./helpers";

type Merchant = Record<string, unknown> & { id: string };

describe("merchant organization settings", () => {
  it("get returns the spec shape with defaults; update emits organization.updated and merges settings", async () => {
    const app = await adminShop({ defaultMerchant: { name: "Acme", slug: "acme" } });
    const got = await ok<Merchant>(app.shop.get("/billing/organization"));
    expect(got).toMatchObject({
      id: "default",
      name: "Acme",
      slug: "acme",
      avatarUrl: null,
      email: null,
      website: null,
      socials: [],
      detailsSubmittedAt: null,
      featureSettings: { issueFundingEnabled: false, usageBasedBillingEnabled: false },
      subscriptionSettings: {
        allowMultipleSubscriptions: false,
        allowCustomerUpdates: true,
        prorationBehavior: "prorate",
      },
    });
    const updated = await ok<Merchant>(
      app.shop.post("/billing/organization/update", {
        name: "Acme Inc",
        slug: "acme-inc",
        avatarUrl: "https://cdn.example.com/acme.png",
        email: "billing@acme.test",
        website: "https://acme.test",
        socials: [
          { platform: "github", url: "https://github.com/acme" },
          { platform: "x", url: "https://x.com/acme" },
        ],
        detailsSubmittedAt: "2026-01-10T09:00:00Z",
        featureSettings: { usageBasedBillingEnabled: true },
        subscriptionSettings: { prorationBehavior: "invoice" },
      }),
    );
    expect(updated).toMatchObject({
      name: "Acme Inc",
      slug: "acme-inc",
      email: "billing@acme.test",
      socials: [{ platform: "github" }, { platform: "x" }],
      detailsSubmittedAt: "2026-01-10T09:00:00.000Z",
      featureSettings: { issueFundingEnabled: false, usageBasedBillingEnabled: true },
      subscriptionSettings: {
        allowMultipleSubscriptions: false,
        allowCustomerUpdates: true,
        prorationBehavior: "invoice",
      },
    });
    expect(app.events).toEqual([
      { type: "organization.updated", data: expect.objectContaining({ name: "Acme Inc" }) },
    ]);
    const server = await app.billing.organization.update({
      subscriptionSettings: { allowMultipleSubscriptions: true },
    });
    expect(server.subscriptionSettings).toEqual({
      allowMultipleSubscriptions: true,
      allowCustomerUpdates: true,
      prorationBehavior: "invoice",
    });
    expect((await app.billing.organization.get()).name).toBe("Acme Inc");
  });

  it("validates the fields", async () => {
    const app = await adminShop();
    const cases: [Record<string, unknown>, string][] = [
      [{ socials: [{ platform: "myspace", url: "https://myspace.com/a" }] }, "Invalid option"],
      [{ socials: [{ platform: "x", url: "javascript:alert(1)" }] }, "Must be an http or https URL."],
      [{ website: "ftp://acme.test" }, "Must be an http or https URL."],
      [{ email: "nope" }, "Invalid email"],
      [{ slug: "Acme Inc" }, "Slug can only contain lower-case letters, numbers and hyphens."],
      [{ slug: "ab" }, "Slug must be between 3 and 64 characters long."],
      [{ subscriptionSettings: { prorationBehavior: "later" } }, "Invalid option"],
      [{ name: "" }, "Name must be at least 1 character long."],
    ];
    for (const [body, message] of cases) {
      const res = await app.shop.post("/billing/organization/update", body);
      expect(res.status, message).toBe(400);
      expect(messages(res).join(" | ")).toContain(message);
    }
    expect(app.events).toEqual([]);
  });
});
