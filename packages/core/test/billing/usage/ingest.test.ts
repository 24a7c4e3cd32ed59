import { describe, expect, it } from "vitest";
import { messages, ok } from "../catalog/helpers";
import { type Ingested, usageShop } from "./setup";

describe("usage events: ingestion and list", () => {
  it("ingests by customerId or externalCustomerId and lists newest first with every filter", async () => {
    const app = await usageShop();
    const res = await app.ingest([
      {
        name: "api.call",
        customerId: app.customer.id,
        timestamp: "2026-01-10T08:00:00Z",
        metadata: { tokens: 3 },
      },
      { name: "api.call", externalCustomerId: "ext_other", timestamp: "2026-01-11T08:00:00Z" },
      { name: "upload", customerId: app.customer.id, metadata: { bytes: 10, file: { kind: "png" } } },
    ]);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ inserted: 3, duplicates: 0 });
    const all = await app.listEvents();
    expect(all.pagination.totalCount).toBe(3);
    expect(all.items.map((e) => [e.name, e.timestamp])).toEqual([
      ["upload", "2026-01-15T12:00:00.000Z"],
      ["api.call", "2026-01-11T08:00:00.000Z"],
      ["api.call", "2026-01-10T08:00:00.000Z"],
    ]);
    expect(all.items[0]).toMatchObject({
      customerId: app.customer.id,
      externalCustomerId: app.me.user.id,
      externalId: null,
      source: "user",
      metadata: { bytes: 10, file: { kind: "png" } },
    });
    expect(all.items[1]).toMatchObject({
      customerId: app.other.id,
      externalCustomerId: "ext_other",
      metadata: {},
    });
    const names = async (q: Record<string, string>) => (await app.listEvents(q)).items.map((e) => e.name);
    expect(await names({ customerId: app.other.id })).toEqual(["api.call"]);
    expect(await names({ externalCustomerId: app.me.user.id })).toEqual(["upload", "api.call"]);
    expect(await names({ name: "upload" })).toEqual(["upload"]);
    expect(await names({ startTimestamp: "2026-01-11T00:00:00Z" })).toEqual(["upload", "api.call"]);
    expect(await names({ endTimestamp: "2026-01-11T08:00:00Z" })).toEqual(["api.call"]);
    const second = await app.listEvents({ limit: "2", page: "2" });
    expect(second.items.map((e) => e.timestamp)).toEqual(["2026-01-10T08:00:00.000Z"]);
    expect(second.pagination).toEqual({ totalCount: 3, maxPage: 2 });
  });

  it("is idempotent by externalId: duplicates in the batch and across calls are skipped and counted", async () => {
    const app = await usageShop();
    const event = (externalId: string, tokens: number) => ({
      name: "api.call",
      customerId: app.customer.id,
      externalId,
      metadata: { tokens },
    });
    expect((await app.ingest([event("a", 1), event("b", 2), event("a", 3)])).data).toEqual({
      inserted: 2,
      duplicates: 1,
    });
    expect(
      (await app.ingest([event("b", 4), event("c", 5), { name: "x", customerId: app.customer.id }])).data,
    ).toEqual({ inserted: 2, duplicates: 1 });
    const rows = (await app.listEvents()).items;
    const pairs = rows.map((e) => [e.externalId ?? "-", e.metadata.tokens ?? null]);
    expect(pairs.sort((x, y) => String(x[0]).localeCompare(String(y[0])))).toEqual([
      ["-", null],
      ["a", 1],
      ["b", 2],
      ["c", 5],
    ]);
  });

  it("takes 1,000 events in one call and refuses 1,001 with a 400", async () => {
    const app = await usageShop();
    const batch = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        name: "tick",
        customerId: app.customer.id,
        externalId: `t${i}`,
      }));
    const big = await app.ingest(batch(1001));
    expect(big.status).toBe(400);
    expect(messages(big)).toEqual(["At most 1000 events per call"]);
    expect((await app.ingest(batch(1000))).data).toEqual({ inserted: 1000, duplicates: 0 });
    expect((await app.listEvents({ limit: "1" })).pagination.totalCount).toBe(1000);
    const empty = await app.ingest([]);
    expect(empty.status).toBe(400);
    expect(messages(empty)).toEqual(["Send at least one event"]);
  });

  it("refuses timestamps in the future beyond 60 s, bad metadata and bad fields; nothing is written", async () => {
    const app = await usageShop();
    const base = { name: "api.call", customerId: app.customer.id };
    const future = await app.ingest([base, { ...base, timestamp: "2026-01-15T12:01:01Z" }]);
    expect(future.status).toBe(400);
    expect(future.data).toMatchObject({
      message: "Invalid body parameters",
      issues: [{ path: ["events", 1, "timestamp"], message: "Timestamp must be in the past." }],
    });
    const cases: [Record<string, unknown>, string][] = [
      [
        { metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])) },
        "Metadata has at most 50 keys",
      ],
      [{ metadata: { ["k".repeat(41)]: 1 } }, "Metadata keys are 1 to 40 characters long"],
      [{ metadata: { "a.b": 1 } }, "Metadata keys cannot contain dots, quotes or backslashes"],
      [{ metadata: { s: "x".repeat(501) } }, "Metadata string values are at most 500 characters long"],
      [{ metadata: { a: { b: { c: { d: 1 } } } } }, "Metadata is nested at most 3 levels deep"],
      [{ metadata: { list: [1, 2] } }, "Metadata values are strings, numbers, booleans or objects of them"],
      [{ metadata: { n: null } }, "Metadata values are strings, numbers, booleans or objects of them"],
      [{ name: "x".repeat(129) }, "Too big: expected string to have <=128 characters"],
      [{ externalCustomerId: "ext_other" }, "Give exactly one of customerId and externalCustomerId"],
      [{ customerId: undefined }, "Give exactly one of customerId and externalCustomerId"],
      [{ timestamp: "yesterday" }, "Invalid ISO datetime"],
      [{ externalId: "e".repeat(256) }, "Too big: expected string to have <=255 characters"],
    ];
    for (const [patch, message] of cases) {
      const res = await app.ingest([{ ...base, ...patch }]);
      expect(res.status, message).toBe(400);
      expect(messages(res)).toContain(message);
    }
    expect((await app.ingest([{ ...base, timestamp: "2026-01-15T12:00:59Z" }])).data).toEqual({
      inserted: 1,
      duplicates: 0,
    });
    expect((await app.listEvents()).pagination.totalCount).toBe(1);
  });

  it("refuses unknown customers (422) for the whole batch, and other merchants' customers", async () => {
    const app = await usageShop();
    const ok1 = { name: "api.call", customerId: app.customer.id };
    for (const unknown of [{ customerId: "nope" }, { externalCustomerId: "ext_missing" }]) {
      const res = await app.ingest([ok1, { name: "api.call", ...unknown }]);
      expect(res.status).toBe(422);
      expect(res.data).toMatchObject({
        message: "Customer does not exist.",
        issues: [{ path: ["events", 1, Object.keys(unknown)[0]] }],
      });
    }
    expect((await app.listEvents()).pagination.totalCount).toBe(0);
  });

  it("the buyer ingests for their own customer (better-auth usage.ingest); signed out is 401", async () => {
    const app = await usageShop();
    const res = await app.buyer.post<Ingested>("/usage/ingest", {
      event: "api.call",
      metadata: { tokens: 7 },
    });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ inserted: 1, duplicates: 0 });
    const [event] = (await app.listEvents()).items;
    expect(event).toMatchObject({
      name: "api.call",
      customerId: app.customer.id,
      externalCustomerId: app.me.user.id,
      metadata: { tokens: 7 },
      timestamp: "2026-01-15T12:00:00.000Z",
    });
    expect((await app.buyer.post("/usage/ingest", { metadata: {} })).status).toBe(400);
    expect((await app.browser().post("/usage/ingest", { event: "x" })).status).toBe(401);
    // The admin has no customer: 404.
    const none = await app.shop.post("/usage/ingest", { event: "api.call" });
    expect(none.status).toBe(404);
    expect(none.data).toMatchObject({ message: "Customer not found" });
    // Server-side call, same service.
    expect(
      await app.billing.usage.ingest({ events: [{ name: "srv", externalCustomerId: "ext_other" }] }),
    ).toEqual({ inserted: 1, duplicates: 0 });
    expect((await ok<{ items: unknown[] }>(app.shop.get("/billing/events/list"))).items).toHaveLength(2);
  });
});
