import { describe, expect, it } from "vitest";
import { billing } from "../../src/plugins/billing";
import { billingStatements } from "../../src/plugins/billing/access";
import { createAccessControl, defaultStatements, organization } from "../../src/plugins/organization";
import { createTestAuth } from "../../src/testing";

/** The billing statements in the organization access-control table (issue 8: merchant roles). */
describe("billing statements in the organization access-control table", () => {
  const ac = createAccessControl({ ...defaultStatements, ...billingStatements });
  const roles = {
    accountant: ac.newRole({ billing: ["read", "manage"] }),
    outsider: ac.newRole({}),
  };

  async function setup() {
    const { auth, signUp } = createTestAuth({ plugins: [organization({ roles }), billing()] });
    const owner = await signUp({ email: "owner@example.com" });
    const org = await owner.browser.post<{ id: string }>("/organization/create", {
      name: "Shop",
      slug: "shop",
    });
    const join = async (email: string, role: string) => {
      const u = await signUp({ email });
      await auth.api.addMember({ body: { userId: u.user.id, role, organizationId: org.data.id } });
      return u.browser;
    };
    return { owner: owner.browser, org: org.data, join };
  }

  const product = (organizationId: string) => ({
    organizationId,
    name: "Plan",
    prices: [{ amountType: "fixed", priceAmount: 500, priceCurrency: "usd" }],
  });

  it("owners and admins manage; members read; a custom role granting billing manage manages", async () => {
    const { owner, org, join } = await setup();
    const admin = await join("admin@example.com", "admin");
    const member = await join("member@example.com", "member");
    const accountant = await join("accountant@example.com", "accountant");
    const outsider = await join("outsider@example.com", "outsider");

    for (const [who, browser] of [
      ["owner", owner],
      ["admin", admin],
      ["accountant", accountant],
    ] as const) {
      const res = await browser.post("/billing/products/create", product(org.id));
      expect(res.status, who).toBe(200);
    }
    const refused = await member.post<{ message: string }>("/billing/products/create", product(org.id));
    expect(refused.status).toBe(403);
    expect(refused.data.message).toBe("You are not allowed to manage billing for this organization");
    const list = await member.get<{ items: unknown[] }>("/billing/products/list", {
      query: { organizationId: org.id },
    });
    expect(list.status).toBe(200);
    expect(list.data.items).toHaveLength(3);
    const noRead = await outsider.get("/billing/products/list", { query: { organizationId: org.id } });
    expect(noRead.status).toBe(403);
  });
});
