import { describe, expect, it } from "vitest";
import { ok } from "../catalog/helpers";
import { benefitShop, DAY, type Grant, type Page } from "./setup";

describe("benefit grants: one-time purchases", () => {
  it("an order paid grants the product's benefits in runDue, not in the payment transaction", async () => {
    const app = await benefitShop();
    const note = await app.benefit("custom", { note: "Join us at https://chat.example" }, "Private chat");
    const productId = await app.product([note]);
    const { order } = await app.buy(productId);

    // Enqueued with the order, not yet carried out: nothing announced, nothing in the state.
    const [queued] = await app.grantRows();
    expect(queued).toMatchObject({
      status: "granted",
      isGranted: false,
      orderId: order.id,
      subscriptionId: null,
      scope: `order:${order.id}`,
      benefitId: note,
      customerId: order.customerId,
    });
    expect(await app.outbox(["benefit_grant.created"])).toEqual([]);
    expect((await app.state()).grantedBenefits).toEqual([]);

    const run = await app.runDue();
    expect(run.benefitGrants).toEqual({ granted: 1, revoked: 0, cycled: 0, updated: 0, failed: 0 });
    const [grant] = await app.myBenefits();
    expect(grant).toMatchObject({
      isGranted: true,
      isRevoked: false,
      orderId: order.id,
      benefitId: note,
      error: null,
      properties: { note: "Join us at https://chat.example" },
      benefit: { id: note, type: "custom" },
      previousProperties: null,
    });
    expect(grant!.grantedAt).toBe("2026-01-15T12:00:00.000Z");
    // The spec's Benefit grant, every field and nothing else.
    expect(Object.keys(grant!).sort()).toEqual(
      [
        "id",
        "createdAt",
        "modifiedAt",
        "grantedAt",
        "isGranted",
        "revokedAt",
        "isRevoked",
        "subscriptionId",
        "orderId",
        "customerId",
        "benefitId",
        "error",
        "customer",
        "properties",
        "benefit",
        "previousProperties",
      ].sort(),
    );
    expect((await app.state()).grantedBenefits).toEqual([
      expect.objectContaining({
        id: grant!.id,
        benefitId: note,
        benefitType: "custom",
        properties: { note: "Join us at https://chat.example" },
      }),
    ]);

    // The code path emitted them into the outbox: the grant, then the customer's new state.
    const created = await app.outbox(["benefit_grant.created"]);
    expect(created).toHaveLength(1);
    expect(created[0]!.data).toMatchObject({ id: grant!.id, isGranted: true, properties: grant!.properties });
    const states = await app.outbox(["customer.state_changed"]);
    expect(states.at(-1)!.data.grantedBenefits).toEqual([expect.objectContaining({ id: grant!.id })]);
  });

  it("idempotent: runDue twice grants once; a second purchase is a second scope", async () => {
    const app = await benefitShop();
    const note = await app.benefit("custom", { note: "n" });
    const productId = await app.product([note]);
    await app.buy(productId);
    await app.runDue();
    const again = await app.runDue();
    expect(again.benefitGrants.granted).toBe(0);
    expect(await app.grantRows()).toHaveLength(1);
    expect(await app.outbox(["benefit_grant.created"])).toHaveLength(1);

    await app.buy(productId);
    await app.runDue();
    const rows = await app.grantRows();
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.scope)).size).toBe(2);
    expect(rows.every((r) => r.isGranted)).toBe(true);
  });

  it("refund with revokeBenefits revokes the order's grants; a benefit from another purchase stays", async () => {
    const app = await benefitShop();
    const note = await app.benefit("custom", { note: "kept while held" });
    const first = await app.buy(await app.product([note]));
    const second = await app.buy(await app.product([note], { amount: 500 }));
    await app.runDue();
    expect((await app.state()).grantedBenefits).toHaveLength(2);

    const refund = await app.shop.post<{ revokeBenefits: boolean }>("/billing/refunds/create", {
      orderId: first.order.id,
      amount: 2000,
      reason: "customer_request",
      revokeBenefits: true,
    });
    expect(refund.status).toBe(200);
    expect(refund.data.revokeBenefits).toBe(true);
    const run = await app.runDue();
    expect(run.benefitGrants.revoked).toBe(1);
    const revoked = (await app.grantRows([{ field: "orderId", value: first.order.id }]))[0]!;
    expect(revoked).toMatchObject({ status: "revoked", isGranted: false, isRevoked: true, grantedAt: null });
    const revokedEvents = await app.outbox(["benefit_grant.revoked"]);
    expect(revokedEvents.map((e) => e.data.id)).toEqual([revoked.id]);
    expect(revokedEvents[0]!.data).toMatchObject({ isRevoked: true, orderId: first.order.id });
    // Still held through the second purchase.
    const held = (await app.state()).grantedBenefits;
    expect(held.map((g) => g.benefitId)).toEqual([note]);
    expect((await app.myBenefits()).map((g) => g.orderId)).toEqual([second.order.id]);

    // A refund without revokeBenefits keeps the grant.
    await app.shop.post("/billing/refunds/create", {
      orderId: second.order.id,
      amount: 100,
      reason: "customer_request",
    });
    await app.runDue();
    expect((await app.state()).grantedBenefits).toHaveLength(1);
  });

  it("a merchant edit updates every holder with previousProperties (benefit_grant.updated)", async () => {
    const app = await benefitShop();
    const note = await app.benefit("custom", { note: "old" });
    await app.buy(await app.product([note]));
    await app.runDue();
    app.time.advance(1000);
    await ok(app.shop.post("/billing/benefits/update", { id: note, properties: { note: "new" } }));
    const run = await app.runDue();
    expect(run.benefitGrants.updated).toBe(1);
    const [grant] = await app.myBenefits();
    expect(grant!.properties).toEqual({ note: "new" });
    const updated = await app.outbox(["benefit_grant.updated"]);
    expect(updated).toHaveLength(1);
    expect(updated[0]!.data).toMatchObject({
      id: grant!.id,
      properties: { note: "new" },
      previousProperties: { note: "old" },
    });
    // A description-only edit is not a grant update.
    await ok(app.shop.post("/billing/benefits/update", { id: note, description: "Renamed" }));
    expect((await app.runDue()).benefitGrants.updated).toBe(0);
  });

  it("deleting a benefit revokes it from its holders", async () => {
    const app = await benefitShop();
    const note = await app.benefit("custom", { note: "n" });
    await app.buy(await app.product([note]));
    await app.runDue();
    await ok(app.shop.post("/billing/benefits/delete", { id: note }));
    expect((await app.runDue()).benefitGrants.revoked).toBe(1);
    expect((await app.state()).grantedBenefits).toEqual([]);
    expect(await app.myBenefits()).toEqual([]);
  });

  it("deleting the customer revokes its benefits", async () => {
    const app = await benefitShop();
    const note = await app.benefit("custom", { note: "n" });
    const { order } = await app.buy(await app.product([note]));
    await app.runDue();
    await ok(app.shop.post("/billing/customers/delete", { id: order.customerId }));
    expect((await app.runDue()).benefitGrants.revoked).toBe(1);
    expect((await app.grantRows())[0]).toMatchObject({ status: "revoked", isRevoked: true });
    expect((await app.outbox(["benefit_grant.revoked"]))[0]!.data.customerId).toBe(order.customerId);
  });

  it("a failure is stored as {message, type, timestamp}; not retried when it needs action", async () => {
    const app = await benefitShop();
    const role = await app.benefit("discord", { guildId: "g", roleId: "r", guildToken: "t" });
    await app.buy(await app.product([role]));
    const run = await app.runDue();
    expect(run.benefitGrants).toMatchObject({ granted: 0, failed: 1 });
    const [row] = await app.grantRows();
    expect(row).toMatchObject({
      status: "granted",
      isGranted: false,
      attempts: 1,
      nextAttemptAt: null,
      error: {
        message: expect.stringMatching(/^Link your Discord account/),
        type: "no_linked_account",
        timestamp: "2026-01-15T12:00:00.000Z",
      },
    });
    // Announced once, with the error; shown to the buyer (so they can act), not in the state.
    const created = await app.outbox(["benefit_grant.created"]);
    expect(created).toHaveLength(1);
    expect(created[0]!.data).toMatchObject({ isGranted: false, error: { type: "no_linked_account" } });
    expect((await app.myBenefits())[0]!.error?.type).toBe("no_linked_account");
    expect((await app.state()).grantedBenefits).toEqual([]);
    app.time.advance(DAY);
    expect((await app.runDue()).benefitGrants.failed).toBe(0);
  });
});

describe("benefit grants: merchant list", () => {
  it("filters by benefitId, customerId and isGranted, with pagination", async () => {
    const app = await benefitShop();
    const a = await app.benefit("custom", { note: "a" });
    const b = await app.benefit("discord", { guildId: "g", roleId: "r", guildToken: "t" });
    const { order } = await app.buy(await app.product([a, b]));
    await app.runDue();
    const list = (q: Record<string, string>) =>
      ok<Page<Grant>>(app.shop.get("/billing/benefit-grants/list", { query: q }));
    expect((await list({})).pagination).toEqual({ totalCount: 2, maxPage: 1 });
    expect((await list({ benefitId: a })).items.map((g) => g.benefitId)).toEqual([a]);
    expect((await list({ isGranted: "true" })).items.map((g) => g.benefitId)).toEqual([a]);
    expect((await list({ isGranted: "false" })).items.map((g) => g.benefitId)).toEqual([b]);
    expect((await list({ customerId: order.customerId })).items).toHaveLength(2);
    expect((await list({ customerId: "nobody" })).items).toEqual([]);
    const first = await list({ limit: "1", page: "1" });
    const second = await list({ limit: "1", page: "2" });
    expect(first.pagination).toEqual({ totalCount: 2, maxPage: 2 });
    expect(new Set([first.items[0]!.id, second.items[0]!.id]).size).toBe(2);
    expect(first.items[0]!.customer?.id).toBe(order.customerId);
    // Buyers cannot read the merchant list; bad filters are 400.
    expect((await app.buyer.get("/billing/benefit-grants/list")).status).toBe(403);
    expect((await app.shop.get("/billing/benefit-grants/list", { query: { limit: "0" } })).status).toBe(400);
  });
});
