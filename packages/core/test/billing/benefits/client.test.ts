import { describe, expect, expectTypeOf, it } from "vitest";
import { createAuthClient } from "../../../src/client";
import { billingClient } from "../../../src/plugins/billing/client";
import { createTestFetch } from "../../../src/testing";
import { benefitShop } from "./setup";

describe("billing client: benefits and license keys", () => {
  it("customer.benefits.list and customer.licenseKeys.validate/activate/deactivate", async () => {
    const app = await benefitShop();
    const benefitId = await app.benefit("license_keys", {
      activations: { limit: 1, enableCustomerAdmin: true },
    });
    await app.buy(await app.product([benefitId]));
    await app.runDue();
    const client = createAuthClient({
      baseURL: "http://localhost:3000",
      plugins: [billingClient()],
      fetchOptions: { fetch: createTestFetch(app.auth).fetch },
    });
    const organizationId = (await app.billing.merchants.defaultMerchant()).id;
    const keys = await app.billing.licenseKeys.list({});
    const key = keys.items[0]!.key;
    const validated = await client.customer.licenseKeys.validate({ key, organizationId });
    expect(validated.data).toMatchObject({ key, status: "granted", validations: 1 });
    const activated = await client.customer.licenseKeys.activate({ key, organizationId, label: "ci" });
    expect(activated.data).toMatchObject({ label: "ci" });
    const full = await client.customer.licenseKeys.activate({ key, organizationId, label: "again" });
    expect(full.error).toMatchObject({
      status: 403,
      message: "License key activation limit already reached",
    });
    const off = await client.customer.licenseKeys.deactivate({
      key,
      organizationId,
      activationId: (activated.data as { id: string }).id,
    });
    expect(off.error).toBeNull();
    expectTypeOf(client.billing.benefitGrants.list).toBeFunction();
    expectTypeOf(client.billing.licenseKeys.update).toBeFunction();
    expectTypeOf(client.customer.licenseKeys.list).toBeFunction();
    // A session-less client cannot list a buyer's benefits, nor the merchant's grants.
    expect((await client.billing.benefitGrants.list({ query: {} })).error).toMatchObject({ status: 401 });
    const listed = await client.customer.benefits.list();
    expect(listed.error).toMatchObject({ status: 401 });
  });
});
