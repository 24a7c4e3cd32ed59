import { describe, expect, it } from "vitest";
import { memoryFileStorage } from "../../../src/plugins/billing";
import { adminShop, messages, ok, rejection } from "./helpers";

type Benefit = Record<string, unknown> & { id: string; properties: Record<string, unknown> };

describe("benefits (definitions)", () => {
  it("creates each type with validated properties; benefit.created carries the benefit", async () => {
    const app = await adminShop({ files: { storage: memoryFileStorage() } });
    const meter = await app.billing.meters.create({
      name: "Credits",
      filter: { conjunction: "and", clauses: [] },
      aggregation: { func: "count" },
    });
    // Downloadables list uploaded files of the merchant.
    const file = await app.billing.files.upload({
      name: "manual.pdf",
      mimeType: "application/pdf",
      bytes: new Uint8Array([37, 80, 68, 70]),
    });
    const bodies = [
      { type: "custom", description: "Private note", properties: { note: "Welcome aboard" } },
      {
        type: "discord",
        description: "Discord role",
        properties: { guildId: "g1", roleId: "r1", guildToken: "t" },
      },
      {
        type: "github_repository",
        description: "Repository access",
        properties: { repositoryOwner: "acme", repositoryName: "sdk", permission: "triage" },
      },
      {
        type: "downloadables",
        description: "Files",
        properties: { files: [file.id], archived: { file_0: true } },
      },
      {
        type: "license_keys",
        description: "License key",
        properties: {
          prefix: "ACME",
          expires: { ttl: 1, timeframe: "year" },
          activations: { limit: 3, enableCustomerAdmin: true },
          limitUsage: 100,
        },
      },
      {
        type: "meter_credit",
        description: "Monthly credits",
        properties: { units: 1000, rollover: false, meterId: meter.id },
      },
    ];
    for (const body of bodies) {
      const res = await app.shop.post<Benefit>("/billing/benefits/create", {
        ...body,
        metadata: { tier: 1 },
      });
      expect(res.status, body.type).toBe(200);
      expect(res.data).toMatchObject({
        ...body,
        selectable: true,
        deletable: true,
        organizationId: "default",
        metadata: { tier: 1 },
      });
    }
    expect(app.events.map((e) => [e.type, e.data.type])).toEqual(
      bodies.map((b) => ["benefit.created", b.type]),
    );
    const discord = await app.billing.benefits.list({ type: "discord" });
    expect(discord.items[0]!.properties).toEqual({
      guildId: "g1",
      roleId: "r1",
      guildToken: "t",
      kickMember: false,
    });
  });

  it("rejects invalid definitions with their messages", async () => {
    const app = await adminShop();
    const cases: [Record<string, unknown>, string][] = [
      [
        { type: "custom", description: "ab", properties: {} },
        "Description must be at least 3 characters long.",
      ],
      [
        { type: "custom", description: "x".repeat(43), properties: {} },
        "Description must be at most 42 characters long.",
      ],
      [
        {
          type: "github_repository",
          properties: { repositoryOwner: "a", repositoryName: "b", permission: "write" },
        },
        'Invalid option: expected one of "pull"|"triage"|"push"|"maintain"|"admin"',
      ],
      [{ type: "downloadables", properties: { files: [] } }, "At least one file is required."],
      [
        { type: "license_keys", properties: { expires: { ttl: 0, timeframe: "day" } } },
        "ttl must be greater than 0.",
      ],
      [
        { type: "license_keys", properties: { expires: { ttl: 458, timeframe: "year" } } },
        "ttl is too long for its timeframe (at most 457 years, 1200 months or 36500 days).",
      ],
      [
        { type: "license_keys", properties: { activations: { limit: 0, enableCustomerAdmin: false } } },
        "limit must be greater than 0.",
      ],
      [{ type: "license_keys", properties: { limitUsage: 0 } }, "limitUsage must be greater than 0."],
      [
        { type: "meter_credit", properties: { units: 0, rollover: true, meterId: "m" } },
        "units must be greater than 0.",
      ],
      [
        { type: "discord", properties: { guildId: "g", roleId: "", guildToken: "t" } },
        "Too small: expected string to have >=1 characters",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await app.shop.post("/billing/benefits/create", { description: "Valid one", ...body });
      expect(res.status, message).toBe(400);
      expect(messages(res)).toContain(message);
    }
    const ghostMeter = await app.shop.post("/billing/benefits/create", {
      type: "meter_credit",
      description: "Credits",
      properties: { units: 5, rollover: false, meterId: "missing" },
    });
    expect(ghostMeter.status).toBe(422);
    expect(ghostMeter.data).toMatchObject({
      message: "This meter does not exist.",
      issues: [{ path: ["properties", "meterId"] }],
    });
    expect(app.events).toEqual([]);
  });

  it("update keeps the type, checks properties against it and emits benefit.updated", async () => {
    const app = await adminShop();
    const benefit = await app.billing.benefits.create({
      type: "github_repository",
      description: "Repo",
      properties: { repositoryOwner: "acme", repositoryName: "sdk", permission: "pull" },
    });
    const updated = await ok<Benefit>(
      app.shop.post("/billing/benefits/update", {
        id: benefit.id,
        description: "Repo (write)",
        properties: { repositoryOwner: "acme", repositoryName: "sdk", permission: "push" },
      }),
    );
    expect(updated).toMatchObject({
      type: "github_repository",
      description: "Repo (write)",
      properties: { permission: "push" },
    });
    const bad = await app.shop.post("/billing/benefits/update", {
      id: benefit.id,
      properties: { note: "wrong type" },
    });
    expect(bad.status).toBe(400);
    expect((bad.data as { issues: { path: unknown[] }[] }).issues[0]!.path[0]).toBe("properties");
    expect(app.events.map((e) => e.type)).toEqual(["benefit.created", "benefit.updated"]);
    expect(app.events[1]!.data).toMatchObject({ id: benefit.id, description: "Repo (write)" });
  });

  it("delete is soft; an undeletable benefit answers 403 'This benefit cannot be deleted.'", async () => {
    const app = await adminShop();
    const system = await app.billing.benefits.create({
      type: "custom",
      description: "Managed by the app",
      properties: {},
      deletable: false,
      selectable: false,
    });
    expect(system).toMatchObject({ deletable: false, selectable: false });
    const refused = await app.shop.post("/billing/benefits/delete", { id: system.id });
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ message: "This benefit cannot be deleted." });
    // Over HTTP the flags are not accepted (stripped): merchants cannot make undeletable benefits.
    const viaHttp = await ok<Benefit>(
      app.shop.post("/billing/benefits/create", {
        type: "custom",
        description: "Mine",
        properties: {},
        deletable: false,
      }),
    );
    expect(viaHttp.deletable).toBe(true);
    const product = await app.billing.products.create({
      name: "With perk",
      prices: [{ amountType: "free" }],
      benefits: [viaHttp.id],
    });
    expect(await ok(app.shop.post("/billing/benefits/delete", { id: viaHttp.id }))).toEqual({
      success: true,
    });
    expect((await app.billing.products.get({ id: product.id })).benefits).toEqual([]);
    expect(await app.db.count({ model: "billingBenefit" })).toBe(2);
    expect((await rejection(app.billing.benefits.get({ id: viaHttp.id }))).status).toBe(404);
    expect((await app.billing.benefits.list()).items.map((b) => b.id)).toEqual([system.id]);
  });

  it("list: query by description, pagination", async () => {
    const app = await adminShop();
    for (let i = 0; i < 4; i++) {
      await app.billing.benefits.create({ type: "custom", description: `Perk number ${i}`, properties: {} });
      app.time.advance(1);
    }
    const page = await ok<{ items: Benefit[]; pagination: unknown }>(
      app.shop.get("/billing/benefits/list", { query: { limit: "3", page: "2" } }),
    );
    expect(page.pagination).toEqual({ totalCount: 4, maxPage: 2 });
    expect(page.items.map((b) => b.description)).toEqual(["Perk number 0"]);
    expect((await app.billing.benefits.list({ query: "NUMBER 2" })).items).toHaveLength(1);
  });
});
