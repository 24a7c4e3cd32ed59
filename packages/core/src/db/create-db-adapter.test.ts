import { describe, expect, it } from "vitest";
import { createMemoryStore, memoryDriver, memoryTables } from "../adapters/memory";
import { type AdapterDriver, type AdapterOptions, isAdapterError, type Row } from "./adapter";
import { createDBAdapter } from "./create-db-adapter";
import { defineModel, field, type Schema } from "./model";

const schema = {
  user: defineModel({
    name: "user",
    tableName: "userAccount",
    fields: {
      email: field("string", { unique: true, transform: (v: string) => v.toLowerCase() }),
      displayName: field("string", { fieldName: "shownAs", required: false }),
      role: field("string", { default: "member" }),
      verified: field("boolean", { default: false }),
      joinedAt: field("date", { default: () => new Date("2024-01-01T00:00:00.000Z") }),
      updatedAt: field("date", { onUpdate: () => new Date("2030-01-01T00:00:00.000Z"), required: false }),
      settings: field("json", { required: false }),
      loginCount: field("number", { default: 0 }),
    },
  }),
  post: defineModel({
    name: "post",
    fields: {
      authorId: field("string", { references: { model: "user", field: "id" }, required: false }),
      title: field("string"),
    },
  }),
  note: defineModel({ name: "note", fields: { text: field("string") } }),
} satisfies Schema;

function setup(options: AdapterOptions = {}, adapt: (d: AdapterDriver) => AdapterDriver = (d) => d) {
  const store = createMemoryStore();
  const driver = adapt(memoryDriver({ store, tables: memoryTables(schema, options) }));
  return { store, db: createDBAdapter(driver, schema, options) };
}

/** A driver without native dates, booleans, JSON, joins or UPDATE ... RETURNING. */
const plainDriver = (d: AdapterDriver): AdapterDriver => ({
  ...d,
  capabilities: { dates: false, booleans: false, json: false, transactions: true, joins: false },
  updateReturning: undefined,
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

describe("createDBAdapter: names", () => {
  it("maps models and fields to physical names with casing, prefix, renames and overrides", async () => {
    const { store, db } = setup({
      casing: "snake",
      tablePrefix: "t_",
      tables: { post: "articles" },
      fields: { user: { loginCount: "logins" } },
    });
    const user = await db.create<Row>({ model: "user", data: { email: "A@x.io", displayName: "A" } });
    await db.create({ model: "post", data: { authorId: user.id, title: "Hi" } });
    const [stored] = store.rows("t_user_account");
    expect(Object.keys(stored ?? {}).sort()).toEqual(
      ["email", "id", "joined_at", "logins", "role", "settings", "shownAs", "updated_at", "verified"].sort(),
    );
    expect(store.rows("t_articles")).toHaveLength(1);
    expect(store.rows("t_articles")[0]?.author_id).toBe(user.id);
    const found = await db.findOne<Row>({
      model: "user",
      where: [{ field: "loginCount", value: 0 }],
      select: ["displayName", "loginCount"],
    });
    expect(found).toEqual({ displayName: "A", loginCount: 0 });
  });
});

describe("createDBAdapter: defaults, transforms, ids", () => {
  it("applies value and function defaults only to absent fields", async () => {
    const { db } = setup();
    const a = await db.create<Row>({ model: "user", data: { email: "a@x.io" } });
    expect(a).toMatchObject({ role: "member", verified: false, loginCount: 0 });
    expect(a.joinedAt).toEqual(new Date("2024-01-01T00:00:00.000Z"));
    expect(a.displayName).toBeNull();
    const b = await db.create<Row>({
      model: "user",
      data: { email: "b@x.io", role: "admin", verified: true },
    });
    expect(b).toMatchObject({ role: "admin", verified: true });
  });

  it("transforms values on create and update, never null", async () => {
    const { db } = setup();
    const user = await db.create<Row>({ model: "user", data: { email: "MiXeD@X.io" } });
    expect(user.email).toBe("mixed@x.io");
    const updated = await db.update<Row>({
      model: "user",
      where: [{ field: "id", value: user.id as string }],
      update: { email: "NEW@X.io" },
    });
    expect(updated?.email).toBe("new@x.io");
  });

  it("sets onUpdate fields on every update unless given", async () => {
    const { db } = setup();
    const user = await db.create<Row>({ model: "user", data: { email: "u@x.io" } });
    expect(user.updatedAt).toBeNull();
    const where = [{ field: "id", value: user.id as string }];
    const updated = await db.update<Row>({ model: "user", where, update: { role: "x" } });
    expect(updated?.updatedAt).toEqual(new Date("2030-01-01T00:00:00.000Z"));
    const given = new Date("2025-05-05T00:00:00.000Z");
    await db.updateMany({ model: "user", where, update: { updatedAt: given } });
    expect((await db.findOne<Row>({ model: "user", where }))?.updatedAt).toEqual(given);
  });

  it("generates ids with the generateId option and keeps given ids", async () => {
    const seen: string[] = [];
    const { db } = setup({ generateId: (model) => `${model}-${seen.push(model)}` });
    expect((await db.create<Row>({ model: "note", data: { text: "a" } })).id).toBe("note-1");
    expect((await db.create<Row>({ model: "note", data: { id: "mine", text: "b" } })).id).toBe("mine");
    expect(seen).toEqual(["note"]);
  });
});

describe("createDBAdapter: errors", () => {
  it("names unknown models and fields and rejects missing or invalid values", async () => {
    const { db } = setup();
    const code = async (p: Promise<unknown>) => {
      const e = await failure(p);
      return isAdapterError(e) ? e.code : String(e);
    };
    expect(await code(db.create({ model: "ghost", data: {} }))).toBe("UNKNOWN_MODEL");
    expect(await code(db.create({ model: "note", data: { text: "x", extra: 1 } }))).toBe("UNKNOWN_FIELD");
    expect(await code(db.findMany({ model: "note", where: [{ field: "nope", value: 1 }] }))).toBe(
      "UNKNOWN_FIELD",
    );
    expect(await code(db.findMany({ model: "note", sortBy: { field: "nope" } }))).toBe("UNKNOWN_FIELD");
    expect(await code(db.findMany({ model: "note", select: ["nope"] }))).toBe("UNKNOWN_FIELD");
    expect(await code(db.findMany({ model: "note", join: { user: true } }))).toBe("UNKNOWN_MODEL");
    expect(await code(db.create({ model: "note", data: {} }))).toBe("INVALID_VALUE");
    expect(await code(db.create({ model: "note", data: { text: null } }))).toBe("INVALID_VALUE");
    expect(await code(db.create({ model: "user", data: { email: "d@x.io", joinedAt: "not a date" } }))).toBe(
      "INVALID_VALUE",
    );
  });
});

describe("createDBAdapter: drivers without native types", () => {
  it("stores ISO dates, 1/0 and JSON text, and converts them back and in where clauses", async () => {
    const { store, db } = setup({}, plainDriver);
    const user = await db.create<Row>({
      model: "user",
      data: {
        email: "p@x.io",
        verified: true,
        settings: { theme: "dark" },
        joinedAt: new Date("2024-03-03T03:03:03.333Z"),
      },
    });
    const [raw] = store.rows("userAccount");
    expect(raw).toMatchObject({
      verified: 1,
      settings: '{"theme":"dark"}',
      joinedAt: "2024-03-03T03:03:03.333Z",
    });
    expect(user).toMatchObject({ verified: true, settings: { theme: "dark" } });
    expect(user.joinedAt).toEqual(new Date("2024-03-03T03:03:03.333Z"));
    const found = await db.findMany<Row>({
      model: "user",
      where: [
        { field: "verified", value: true },
        { field: "joinedAt", operator: "gt", value: new Date("2024-03-03T03:03:03.332Z") },
      ],
    });
    expect(found.map((r) => r.id)).toEqual([user.id]);
  });

  it("updates without UPDATE ... RETURNING by finding, updating and re-reading one row", async () => {
    const { db } = setup({}, plainDriver);
    const a = await db.create<Row>({ model: "note", data: { text: "same" } });
    await db.create<Row>({ model: "note", data: { text: "same" } });
    const updated = await db.update<Row>({
      model: "note",
      where: [{ field: "text", value: "same" }],
      update: { text: "x" },
    });
    expect(updated).toEqual({ id: a.id, text: "x" });
    expect(await db.count({ model: "note", where: [{ field: "text", value: "same" }] })).toBe(1);
    expect(
      await db.update({ model: "note", where: [{ field: "text", value: "none" }], update: { text: "y" } }),
    ).toBeNull();
  });

  it("loads one-to-one joins with one extra query when the driver cannot join", async () => {
    const { db } = setup({}, plainDriver);
    const user = await db.create<Row>({ model: "user", data: { email: "j@x.io" } });
    await db.create({ model: "post", data: { authorId: user.id, title: "mine" } });
    await db.create({ model: "post", data: { title: "orphan" } });
    const posts = await db.findMany<Row & { user: Row | null }>({
      model: "post",
      join: { user: true },
      sortBy: { field: "title" },
    });
    expect(posts.map((p) => [p.title, p.user?.email ?? null])).toEqual([
      ["mine", "j@x.io"],
      ["orphan", null],
    ]);
    expect(posts[0]?.user?.verified).toBe(false);
  });
});

describe("createDBAdapter: atomic helpers", () => {
  it("incrementOne returns null, not undefined, when the row no longer matches its where", async () => {
    const { db } = setup();
    await db.create({ model: "user", data: { email: "c@x.io", loginCount: 1 } });
    const result = await db.incrementOne({
      model: "user",
      where: [{ field: "loginCount", value: 1 }],
      field: "loginCount",
      by: 1,
    });
    expect(result).toBeNull();
    expect(
      (await db.findOne<Row>({ model: "user", where: [{ field: "email", value: "c@x.io" }] }))?.loginCount,
    ).toBe(2);
  });

  it("claimDue re-checks the lease in its update, so a slow claimer cannot take claimed rows", async () => {
    const jobSchema = {
      job: defineModel({
        name: "job",
        fields: {
          lockedUntil: field("date", { required: false }),
          lockToken: field("string", { required: false }),
        },
      }),
    } satisfies Schema;
    const base = memoryDriver({ tables: memoryTables(jobSchema) });
    // The first claimer's UPDATE is held back until the second claimer has finished entirely.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let updates = 0;
    const driver: AdapterDriver = {
      ...base,
      updateMany: async (args) => {
        if (++updates === 1) await held;
        return base.updateMany(args);
      },
    };
    const db = createDBAdapter(driver, jobSchema);
    for (let i = 0; i < 3; i++) await db.create({ model: "job", data: {} });
    const now = new Date();
    const slow = db.claimDue<Row>({ model: "job", limit: 10, leaseMs: 60_000, now });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const fast = await db.claimDue<Row>({ model: "job", limit: 10, leaseMs: 60_000, now });
    release();
    expect(fast).toHaveLength(3);
    expect(await slow).toEqual([]);
    const rows = await db.findMany<Row>({ model: "job" });
    expect(rows.every((r) => r.lockToken === fast[0]?.lockToken)).toBe(true);
  });
});

describe("createDBAdapter: transactions", () => {
  it("binds a transaction adapter and runs nested transactions inline", async () => {
    const { db } = setup();
    expect(db.inTransaction).toBe(false);
    await db.transaction(async (tx) => {
      expect(tx.inTransaction).toBe(true);
      await tx.transaction(async (inner) => {
        expect(inner).toBe(tx);
      });
    });
  });
});
