import { afterEach, describe, expect, it, vi } from "vitest";
import { adapterError, type DBAdapter, isAdapterError } from "../../src/db/adapter";
import { createCatalogCache } from "../../src/plugins/billing/catalog/loads/cache";
import { catalogRepository } from "../../src/plugins/billing/catalog/repository";
import { catalogWrite } from "../../src/plugins/billing/catalog/write";
import type { BillingContext, Emit } from "../../src/plugins/billing/context";
import { merchantRepository } from "../../src/plugins/billing/merchants/repository";
import { address } from "./fixtures";
import { twoProcesses } from "./two-processes";

/**
 * A process keeps a checkout's catalog rows (prices with product and meter, benefit links, custom
 * field links) under the merchant's `catalogVersion`, which every catalog write moves in its own
 * transaction. Two auth instances on one database stand for two processes: what one changes in
 * the catalog, the other's next checkout sees.
 */
const CATALOG_TABLES = [
  "billingPrice",
  "billingProductBenefit",
  "billingProductCustomField",
  "billingProduct",
];

async function setup() {
  const { trips, a, b, merchant, db } = await twoProcesses();
  const product = await b.services.products.create({
    name: "E-book",
    prices: [{ amountType: "fixed", priceAmount: 2500 }],
  });
  const catalogReads = () => CATALOG_TABLES.reduce((n, t) => n + (trips.readsByTable[t] ?? 0), 0);
  const create = () =>
    a.services.checkouts.create({
      products: [product.id],
      customerEmail: "buyer@example.com",
      customerExternalId: "user_1",
    });
  /** One purchase in process A: its checkout as created and as confirmed, and its catalog reads. */
  const purchase = async (customFieldData?: Record<string, string>) => {
    const before = catalogReads();
    const created = await create();
    const confirmed = await a.services.checkouts.confirm(created.clientSecret, {
      customerBillingAddress: address,
      confirmationTokenId: "pm_card_visa",
      ...(customFieldData && { customFieldData }),
    });
    expect(confirmed.status).toBe("succeeded");
    return { created, confirmed, catalogReads: catalogReads() - before };
  };
  const version = async () =>
    (await db.findOne<{ catalogVersion: number }>({
      model: "billingMerchant",
      where: [{ field: "id", value: merchant.id }],
    }))!.catalogVersion;
  return { a, b, db, merchant, product, purchase, create, version };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("checkout catalog rows kept per process under the merchant's catalogVersion", () => {
  it("a repeat purchase reads no catalog row; every change made in another process reaches the next one", async () => {
    const { b, product, purchase, create, version } = await setup();
    expect(await version()).toBe(1); // the product's creation
    expect((await purchase()).catalogReads).toBeGreaterThan(0);
    expect((await purchase()).catalogReads).toBe(0);

    // The product renamed and repriced.
    await b.services.products.update({ id: product.id, name: "E-book, 2nd edition" });
    expect(await version()).toBe(2);
    let p = await purchase();
    expect(p.created.products.map((x) => x.name)).toEqual(["E-book, 2nd edition"]);
    expect(p.catalogReads).toBe(3); // read once (create), kept for the confirm
    await b.services.products.update({
      id: product.id,
      prices: [{ amountType: "fixed", priceAmount: 4000 }],
    });
    p = await purchase();
    expect([p.created.totalAmount, p.confirmed.totalAmount]).toEqual([4000, 4000]);

    // A benefit: attached, edited, deleted.
    const benefit = await b.services.benefits.create({
      type: "custom",
      description: "Support",
      properties: {},
    });
    await b.services.products.update({ id: product.id, benefits: [benefit.id] });
    p = await purchase();
    expect(p.confirmed.products[0]!.benefits.map((x) => x.description)).toEqual(["Support"]);
    await b.services.benefits.update({ id: benefit.id, description: "Priority support" });
    p = await purchase();
    expect(p.confirmed.products[0]!.benefits.map((x) => x.description)).toEqual(["Priority support"]);
    await b.services.benefits.delete({ id: benefit.id });
    p = await purchase();
    expect(p.confirmed.products[0]!.benefits).toEqual([]);

    // A custom field: attached as required, renamed, deleted.
    const field = await b.services.customFields.create({ type: "text", slug: "company", name: "Company" });
    await b.services.products.update({
      id: product.id,
      attachedCustomFields: [{ customFieldId: field.id, required: true }],
    });
    const open = await create();
    expect(open.attachedCustomFields.map((x) => [x.customField.name, x.required])).toEqual([
      ["Company", true],
    ]);
    p = await purchase({ company: "Acme" });
    expect(p.confirmed.customFieldData).toEqual({ company: "Acme" });
    await b.services.customFields.update({ id: field.id, name: "Company name" });
    expect((await create()).attachedCustomFields.map((x) => x.customField.name)).toEqual(["Company name"]);
    await b.services.customFields.delete({ id: field.id });
    p = await purchase();
    expect(p.confirmed.attachedCustomFields).toEqual([]);

    // Meters are catalog too (a metered price joins its meter).
    const before = await version();
    const meter = await b.services.meters.create({
      name: "Tokens",
      filter: { conjunction: "and", clauses: [{ property: "name", operator: "eq", value: "api.call" }] },
      aggregation: { func: "sum", property: "tokens" },
    });
    await b.services.meters.update({ id: meter.id, name: "Tokens used" });
    expect(await version()).toBe(before + 2);

    // Archived in B: A no longer sells it.
    await b.services.products.update({ id: product.id, isArchived: true });
    await expect(create()).rejects.toMatchObject({ status: 404 });
  });

  it("every catalog write moves the version once, in its transaction; a failed write does not", async () => {
    const { b, product, version } = await setup();
    let expected = await version();
    const moved = async (write: () => Promise<unknown>) => {
      await write();
      expected += 1;
      expect(await version()).toBe(expected);
    };
    const benefit = await b.services.benefits.create({
      type: "custom",
      description: "Support",
      properties: {},
    });
    expected += 1;
    expect(await version()).toBe(expected);
    await moved(() => b.services.benefits.update({ id: benefit.id, description: "Priority support" }));
    await moved(() => b.services.products.update({ id: product.id, benefits: [benefit.id] }));
    await moved(() => b.services.benefits.delete({ id: benefit.id }));
    const field = await b.services.customFields.create({ type: "text", slug: "vat-id", name: "VAT number" });
    expected += 1;
    expect(await version()).toBe(expected);
    await moved(() => b.services.customFields.update({ id: field.id, name: "Tax number" }));
    await moved(() => b.services.customFields.delete({ id: field.id }));
    await moved(() => b.services.products.create({ name: "Other", prices: [{ amountType: "free" }] }));
    // Rolled back with the change: an unknown benefit is refused, the version stays.
    await expect(b.services.products.update({ id: product.id, benefits: ["nope"] })).rejects.toBeTruthy();
    expect(await version()).toBe(expected);
  });

  it("a change that does not move the version (a row edited by hand) is seen within a minute", async () => {
    const { db, product, purchase } = await setup();
    await purchase();
    await db.update({
      model: "billingProduct",
      where: [{ field: "id", value: product.id }],
      update: { name: "Renamed" },
    });
    let p = await purchase();
    expect([p.created.products[0]!.name, p.catalogReads]).toEqual(["E-book", 0]);
    const start = performance.now();
    vi.spyOn(performance, "now").mockImplementation(() => start + 61_000);
    p = await purchase();
    expect(p.created.products[0]!.name).toBe("Renamed");
  });

  it("a load hands out copies: changing them leaves the kept rows as read", async () => {
    const { db, merchant, product } = await setup();
    const cache = createCatalogCache();
    const row = await merchantRepository(db).findById(merchant.id);
    const load = () => catalogRepository(db).loadWithMerchants([product.id], { cache, merchant: row });
    const first = (await load()).products[0]!;
    first.product.name = "changed";
    first.prices[0]!.priceAmount = 1;
    const second = (await load()).products[0]!;
    expect([second.product.name, second.prices[0]!.priceAmount]).toEqual(["E-book", 2500]);
  });
});

describe("createCatalogCache", () => {
  const rows = (merchantId: string) => ({
    prices: [{ id: "pr", productId: "p", billingProduct: { id: "p", merchantId } }] as never,
    benefitLinks: null,
    fieldLinks: [],
    unpriced: [],
  });

  it("keeps rows only for their merchant's version, and benefits only when read", () => {
    const cache = createCatalogCache();
    const m = { id: "m1", catalogVersion: 3 };
    cache.set(["p"], m, rows("m1"));
    expect(cache.merchantOf(["p"])).toBe("m1");
    expect(cache.get(["p"], m, false)).toBeDefined();
    expect(cache.get(["p"], m, true)).toBeUndefined(); // benefits were not read
    expect(cache.get(["p"], { id: "m1", catalogVersion: 4 }, false)).toBeUndefined();
    expect(cache.get(["p"], { id: "m2", catalogVersion: 3 }, false)).toBeUndefined();
    expect(cache.get(["p", "q"], m, false)).toBeUndefined();
    // An older version never replaces a newer one.
    cache.set(["p"], { id: "m1", catalogVersion: 2 }, rows("m1"));
    expect(cache.get(["p"], m, false)).toBeDefined();
  });

  it("never keeps rows of another merchant's products, nor under an unknown version", () => {
    const cache = createCatalogCache();
    cache.set(["p"], { id: "m1", catalogVersion: 1 }, rows("m2"));
    expect(cache.merchantOf(["p"])).toBeUndefined();
    cache.set(["p"], { id: "m1" }, rows("m1"));
    expect(cache.merchantOf(["p"])).toBeUndefined();
  });
});

describe("catalogWrite", () => {
  /** A billing context whose transactions the database rolls back with a deadlock `deadlocks` times. */
  async function deadlockingContext(
    deadlocks: number,
    error: () => Error = () => adapterError("DEADLOCK", "deadlock detected"),
  ) {
    const { db, merchant } = await twoProcesses();
    let attempts = 0;
    const ctx = {
      write: <T>(fn: (tx: DBAdapter, emit: Emit) => Promise<T>) =>
        db.transaction(async (tx) => {
          attempts++;
          const result = await fn(tx, async () => {});
          if (attempts <= deadlocks) throw error();
          return result;
        }),
    } as unknown as BillingContext;
    const version = async () => (await merchantRepository(db).findById(merchant.id))!.catalogVersion;
    return { ctx, merchant, version, attempts: () => attempts };
  }

  it("runs a transaction the database rolled back to break a deadlock again: the version moves once", async () => {
    const { ctx, merchant, version, attempts } = await deadlockingContext(2);
    const before = await version();
    await expect(catalogWrite(ctx, merchant.id, async () => "written")).resolves.toBe("written");
    expect(attempts()).toBe(3);
    expect(await version()).toBe(before + 1);
  });

  it("gives up after three attempts; other errors are not retried", async () => {
    const stuck = await deadlockingContext(10);
    const error = await catalogWrite(stuck.ctx, stuck.merchant.id, async () => "x").catch((e: unknown) => e);
    expect(isAdapterError(error, "DEADLOCK")).toBe(true);
    expect(stuck.attempts()).toBe(3);
    const failing = await deadlockingContext(10, () => new Error("boom"));
    await expect(catalogWrite(failing.ctx, failing.merchant.id, async () => "x")).rejects.toThrow("boom");
    expect(failing.attempts()).toBe(1);
  });
});
