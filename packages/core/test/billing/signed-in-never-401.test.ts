import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { billing } from "../../src/plugins/billing";
import { billingRoutes } from "../../src/plugins/billing/routes";
import { organization } from "../../src/plugins/organization";
import { createTestAuth, type TestBrowser } from "../../src/testing";
import { sweepSignedIn } from "../helpers/route-sweep";
import { useServer } from "../social/helpers";

// No processor or webhook target is reachable: a route that called out would fail the sweep.
const server = setupServer();
useServer(server, { beforeAll, afterEach, afterAll });

/**
 * Spec section 8: 401 means "no session". Every billing route is called by a signed-in member
 * without billing rights and by a signed-in outsider, with an empty body and with inputs naming the
 * merchant organization and unknown ids; none may answer 401 or 5xx (refusals are 403, unknown
 * things 404 or 400).
 */
describe("billing routes: a signed-in caller never gets 401", () => {
  it("sweeps every routed billing endpoint", async () => {
    const t = createTestAuth({ logger: { disabled: true }, plugins: [organization(), billing()] });
    const owner = await t.signUp({ email: "owner@example.com" });
    const member = await t.signUp({ email: "member@example.com" });
    const outsider = await t.signUp({ email: "outsider@example.com" });
    const org = await owner.browser.post<{ id: string }>("/organization/create", {
      name: "Shop",
      slug: "shop",
    });
    await t.auth.api.addMember({
      body: { userId: member.user.id, role: "member", organizationId: org.data.id },
    });
    const input = {
      organizationId: org.data.id,
      id: "no-such-id",
      productId: "no-such-product",
      priceId: "no-such-price",
      subscriptionId: "no-such-subscription",
      key: "no-such-key",
      name: "Thing",
      event: "api.call",
    };
    const answers: string[] = [];
    for (const [who, browser] of [
      ["member", member.browser],
      ["outsider", outsider.browser],
    ] as [string, TestBrowser][]) {
      const found = await sweepSignedIn({
        routes: Object.entries(billingRoutes),
        variants: { empty: {}, input },
        browser: () => browser,
      });
      answers.push(...found.map((answer) => `${who} ${answer}`));
    }
    expect(answers).toEqual([]);
  });
});
