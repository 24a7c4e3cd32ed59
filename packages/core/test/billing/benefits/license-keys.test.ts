import { describe, expect, it } from "vitest";
import { ok } from "../catalog/helpers";
import { benefitShop, type Grant } from "./setup";

type Key = {
  id: string;
  key: string;
  displayKey: string;
  status: string;
  usage: number;
  limitUsage: number | null;
  limitActivations: number | null;
  validations: number;
  lastValidatedAt: string | null;
  expiresAt: string | null;
  benefitId: string;
  customerId: string;
  organizationId: string;
  activation?: { id: string; label: string } | null;
};
type Err = { message: string; code: string };

const licensed = {
  prefix: " acme ",
  expires: { ttl: 1, timeframe: "month" },
  activations: { limit: 2, enableCustomerAdmin: true },
  limitUsage: 10,
};

async function keyShop(properties: Record<string, unknown> = licensed, recurring = false) {
  const app = await benefitShop();
  const benefitId = await app.benefit("license_keys", properties, "License key");
  const bought = await app.buy(await app.product([benefitId], { recurring }));
  await app.runDue();
  const grant = (await app.myBenefits()).find((g) => g.benefitId === benefitId) as Grant;
  const org = (await app.billing.merchants.defaultMerchant()).id;
  const call = <T>(path: string, body: Record<string, unknown>) =>
    app.buyer.post<T>(`/customer/license-keys/${path}`, { organizationId: org, ...body });
  const keyRow = async () => {
    const list = await ok<{ items: Key[] }>(
      app.shop.get("/billing/license-keys/list", { query: { benefitId } }),
    );
    return list.items[0]!;
  };
  return { app, benefitId, grant, org, call, keyRow, ...bought };
}

describe("license keys: granting", () => {
  it("a purchase grants one random prefixed key; runDue twice still gives one key", async () => {
    const t = await keyShop();
    const key = await t.keyRow();
    expect(key.key).toMatch(/^ACME-[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    expect(key.displayKey).toBe(`****-${key.key.slice(-6)}`);
    expect(key).toMatchObject({
      status: "granted",
      limitActivations: 2,
      limitUsage: 10,
      usage: 0,
      validations: 0,
      expiresAt: "2026-02-15T12:00:00.000Z",
      customerId: t.order.customerId,
      organizationId: t.org,
    });
    expect(t.grant.properties).toEqual({ licenseKeyId: key.id, displayKey: key.displayKey });
    await t.app.runDue();
    await t.app.runDue();
    const all = await ok<{ items: Key[] }>(t.app.shop.get("/billing/license-keys/list"));
    expect(all.items).toHaveLength(1);

    // A second purchase of the same benefit reuses the key (one per customer and benefit).
    await t.app.buy(await t.app.product([t.benefitId], { amount: 700 }));
    await t.app.runDue();
    expect((await ok<{ items: Key[] }>(t.app.shop.get("/billing/license-keys/list"))).items).toHaveLength(1);
    expect((await t.app.grantRows()).map((g) => g.properties.licenseKeyId)).toEqual([key.id, key.id]);
  });

  it("revoke disables it for validation; the merchant update re-grants; a benefit edit re-applies limits", async () => {
    const t = await keyShop();
    const key = await t.keyRow();
    await ok(
      t.app.shop.post("/billing/refunds/create", {
        orderId: t.order.id,
        amount: 2000,
        reason: "customer_request",
        revokeBenefits: true,
      }),
    );
    await t.app.runDue();
    expect((await t.keyRow()).status).toBe("revoked");
    const res = await t.call<Err>("validate", { key: key.key });
    expect(res.status).toBe(404);
    expect(res.data.message).toBe("License key is no longer active.");
    const act = await t.call<Err>("activate", { key: key.key, label: "laptop" });
    expect(act.status).toBe(403);
    expect(act.data.message).toBe("License key is no longer active.");

    const updated = await t.app.shop.post<Key>("/billing/license-keys/update", {
      id: key.id,
      status: "granted",
      usage: 3,
    });
    expect(updated.data).toMatchObject({ status: "granted", usage: 3 });
    expect((await t.call<Key>("validate", { key: key.key })).status).toBe(200);

    // The merchant edits the benefit: the key takes the new limits (grants are revoked, so none run);
    // a fresh purchase holds it again and the edit applies through benefit_grant.updated.
    await t.app.buy(await t.app.product([t.benefitId], { amount: 900 }));
    await t.app.runDue();
    await ok(
      t.app.shop.post("/billing/benefits/update", {
        id: t.benefitId,
        properties: { ...licensed, activations: { limit: 5, enableCustomerAdmin: false }, limitUsage: 50 },
      }),
    );
    expect((await t.app.runDue()).benefitGrants.updated).toBe(1);
    expect(await t.keyRow()).toMatchObject({ limitActivations: 5, limitUsage: 50 });
  });

  it("a subscription key is kept at renewal and its expiry extended", async () => {
    const t = await keyShop({ expires: { ttl: 10, timeframe: "day" } }, true);
    const key = await t.keyRow();
    expect(key.expiresAt).toBe("2026-01-25T12:00:00.000Z");
    await t.app.pass(31);
    const run = await t.app.runDue();
    expect(run.benefitGrants.cycled).toBe(1);
    const after = await t.keyRow();
    expect(after).toMatchObject({ id: key.id, key: key.key, status: "granted" });
    expect(after.expiresAt).toBe("2026-02-25T12:00:00.000Z");
    expect((await t.app.outbox(["benefit_grant.cycled"]))[0]!.data.properties).toEqual({
      licenseKeyId: key.id,
      displayKey: key.displayKey,
    });
  });
});

describe("license keys: validate, activate, deactivate", () => {
  it("validate counts validations and usage, with exact errors", async () => {
    const t = await keyShop();
    const key = await t.keyRow();
    const ok1 = await t.call<Key>("validate", { key: key.key, incrementUsage: 4, benefitId: t.benefitId });
    expect(ok1.status).toBe(200);
    expect(ok1.data).toMatchObject({ id: key.id, usage: 4, validations: 1, activation: null });
    expect(ok1.data.lastValidatedAt).toBe("2026-01-15T12:00:00.000Z");
    const over = await t.call<Err>("validate", { key: key.key, incrementUsage: 7 });
    expect(over.status).toBe(400);
    expect(over.data.message).toBe("License key only has 6 more usages.");
    expect((await t.call<Key>("validate", { key: key.key, incrementUsage: 6 })).data.usage).toBe(10);

    const cases: [Record<string, unknown>, number, string][] = [
      [{ key: "ACME-NOPE" }, 404, "License key not found."],
      [{ key: key.key.toLowerCase() }, 404, "License key not found."],
      [{ key: key.key, organizationId: "other-org" }, 404, "License key not found."],
      [{ key: key.key, benefitId: "other" }, 404, "License key does not match given benefit."],
      [{ key: key.key, customerId: "other" }, 404, "License key does not match given user."],
      [{ key: key.key, activationId: "nope" }, 404, "License key activation not found."],
    ];
    for (const [body, status, message] of cases) {
      const res = await t.call<Err>("validate", body);
      expect([res.status, res.data.message], JSON.stringify(body)).toEqual([status, message]);
    }
    expect((await t.call<Err>("validate", { key: key.key, incrementUsage: -1 })).status).toBe(400);
    expect((await t.call<Err>("validate", { key: "x".repeat(300) })).status).toBe(400);
    expect((await t.keyRow()).validations).toBe(2);

    // Expired one month later.
    await t.app.pass(32);
    const expired = await t.call<Err>("validate", { key: key.key });
    expect([expired.status, expired.data.message]).toEqual([404, "License key has expired."]);
    const act = await t.call<Err>("activate", { key: key.key, label: "late" });
    expect([act.status, act.data.message]).toEqual([403, "License key has expired."]);
  });

  it("activations: limit, conditions, deactivate frees the slot", async () => {
    const t = await keyShop();
    const key = await t.keyRow();
    const first = await t.call<{ id: string; label: string; licenseKey: Key }>("activate", {
      key: key.key,
      label: "laptop",
      conditions: { major: 2 },
      meta: { host: "a" },
    });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ label: "laptop", licenseKey: { id: key.id } });
    expect((await t.call("activate", { key: key.key, label: "desktop" })).status).toBe(200);
    const third = await t.call<Err>("activate", { key: key.key, label: "phone" });
    expect([third.status, third.data.message]).toEqual([403, "License key activation limit already reached"]);

    const withActivation = await t.call<Key>("validate", {
      key: key.key,
      activationId: first.data.id,
      conditions: { major: 2 },
    });
    expect(withActivation.data.activation).toMatchObject({ id: first.data.id, label: "laptop" });
    const wrong = await t.call<Err>("validate", {
      key: key.key,
      activationId: first.data.id,
      conditions: { major: 3 },
    });
    expect([wrong.status, wrong.data.message]).toEqual([
      404,
      "License key does not match required conditions",
    ]);

    const off = await t.call("deactivate", { key: key.key, activationId: first.data.id });
    expect(off.status).toBe(200);
    const again = await t.call<Err>("deactivate", { key: key.key, activationId: first.data.id });
    expect([again.status, again.data.message]).toEqual([404, "License key activation not found."]);
    expect((await t.call("activate", { key: key.key, label: "phone" })).status).toBe(200);
    const detail = await ok<{ activations: { label: string }[] }>(
      t.app.shop.get("/billing/license-keys/get", { query: { id: key.id } }),
    );
    expect(detail.activations.map((a) => a.label)).toEqual(["desktop", "phone"]);
  });

  it("without an activation limit, activate points to validate", async () => {
    const t = await keyShop({ prefix: null });
    const key = await t.keyRow();
    expect(key.key).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-/);
    expect(key.expiresAt).toBeNull();
    const res = await t.call<Err>("activate", { key: key.key, label: "x" });
    expect(res.status).toBe(403);
    expect(res.data.message).toBe(
      "This license key does not support activations. Use the /validate endpoint instead to check license validity.",
    );
    // No usage limit: any increment passes.
    expect((await t.call<Key>("validate", { key: key.key, incrementUsage: 1000 })).data.usage).toBe(1000);
  });

  it("20 parallel activations with a limit of 5 give exactly 5; 20 parallel usages never pass the limit", async () => {
    const t = await keyShop({ activations: { limit: 5, enableCustomerAdmin: false }, limitUsage: 7 });
    const key = await t.keyRow();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.call("activate", { key: key.key, label: `m${i}` })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 403)).toHaveLength(15);
    const detail = await ok<{ activations: unknown[] }>(
      t.app.shop.get("/billing/license-keys/get", { query: { id: key.id } }),
    );
    expect(detail.activations).toHaveLength(5);
    const usages = await Promise.all(
      Array.from({ length: 20 }, () => t.call("validate", { key: key.key, incrementUsage: 1 })),
    );
    expect(usages.filter((r) => r.status === 200)).toHaveLength(7);
    expect((await t.keyRow()).usage).toBe(7);
  });

  it("merchant get/update: 404 for unknown ids, bad input 400", async () => {
    const t = await keyShop();
    const key = await t.keyRow();
    expect((await t.app.shop.get("/billing/license-keys/get", { query: { id: "nope" } })).status).toBe(404);
    expect((await t.app.shop.post("/billing/license-keys/update", { id: key.id, usage: -1 })).status).toBe(
      400,
    );
    const disabled = await t.app.shop.post<Key>("/billing/license-keys/update", {
      id: key.id,
      status: "disabled",
      limitUsage: null,
      expiresAt: new Date(Date.UTC(2027, 0, 1)).toISOString(),
    });
    expect(disabled.data).toMatchObject({
      status: "disabled",
      limitUsage: null,
      expiresAt: "2027-01-01T00:00:00.000Z",
    });
    expect((await t.call<Err>("validate", { key: key.key })).data.message).toBe(
      "License key is no longer active.",
    );
    expect(
      (await t.app.buyer.post("/billing/license-keys/update", { id: key.id, status: "granted" })).status,
    ).toBe(403);
  });
});

describe("license keys: customer self-service", () => {
  it("the buyer lists own keys; activations only when the benefit enables customer admin", async () => {
    const t = await keyShop();
    const key = await t.keyRow();
    const act = await t.call<{ id: string }>("activate", { key: key.key, label: "laptop" });
    const closed = await t.app.benefit("license_keys", {
      activations: { limit: 1, enableCustomerAdmin: false },
    });
    await t.app.buy(await t.app.product([closed], { amount: 300 }));
    await t.app.runDue();
    type Own = Key & { activations: { id: string; label: string }[] | null };
    const mine = await ok<{ items: Own[]; pagination: { totalCount: number } }>(
      t.app.buyer.get("/customer/license-keys/list"),
    );
    expect(mine.pagination.totalCount).toBe(2);
    const open = mine.items.find((k) => k.benefitId === t.benefitId)!;
    expect(open).toMatchObject({ key: key.key, activations: [{ id: act.data.id, label: "laptop" }] });
    expect(mine.items.find((k) => k.benefitId === closed)!.activations).toBeNull();
    // Another user sees none of them.
    const other = await t.app.signUp({ email: `other-${Date.now()}@example.com` });
    const theirs = await ok<{ items: unknown[] }>(other.browser.get("/customer/license-keys/list"));
    expect(theirs.items).toEqual([]);
  });
});
