import { describe, expect, it } from "vitest";
import { type CreatedKey, failure, setupApiKey } from "./helpers";

const DAY_S = 24 * 60 * 60;

/** Issue 18: create, get, update, delete and list over HTTP, with better-auth's bodies and errors. */
describe("API keys: management over HTTP", () => {
  it("creates a key shown once, stored hashed, with its start kept for display", async () => {
    const s = setupApiKey({ defaultPrefix: "gh_" });
    const { browser, user } = await s.person();
    const created = await browser.post<CreatedKey>("/api-key/create", { name: "ci" });
    expect(created.status).toBe(200);
    expect(created.headers.get("cache-control")).toBe("no-store");
    const { key, id } = created.data;
    expect(key).toMatch(/^gh_[A-Za-z]{64}$/);
    expect(created.data).toMatchObject({ name: "ci", prefix: "gh_", start: key.slice(0, 6) });
    expect(created.data).toMatchObject({ referenceId: user.id, enabled: true, remaining: null });

    const stored = await s.auth.$context.adapter.findOne<Record<string, unknown>>({
      model: "apikey",
      where: [{ field: "id", value: id }],
    });
    expect(typeof stored?.key).toBe("string");
    expect(stored?.key).not.toContain(key.slice(3));

    const got = await browser.get<Record<string, unknown>>("/api-key/get", { query: { id } });
    const list = await browser.get<{ apiKeys: { id: string }[]; total: number }>("/api-key/list");
    expect(got.status).toBe(200);
    expect(got.data).not.toHaveProperty("key");
    expect(list.data.total).toBe(1);
    expect(list.data.apiKeys.map((k) => k.id)).toEqual([id]);
    for (const res of [got, list]) expect(JSON.stringify(res.data)).not.toContain(key.slice(3));
  });

  it("updates and deletes only the caller's keys; others get 'API Key not found'", async () => {
    const s = setupApiKey({ enableMetadata: true });
    const [ann, bob] = await Promise.all([s.person("ann"), s.person("bob")]);
    const { data: key } = await ann.browser.post<CreatedKey>("/api-key/create", {
      name: "a",
      metadata: { env: "ci" },
    });
    expect(key.metadata).toEqual({ env: "ci" });

    const updated = await ann.browser.post<CreatedKey>("/api-key/update", {
      keyId: key.id,
      name: "renamed",
      enabled: false,
      expiresIn: 2 * DAY_S,
    });
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({ name: "renamed", enabled: false });
    expect(new Date(updated.data.expiresAt ?? 0).getTime()).toBe(s.time.now().getTime() + 2 * DAY_S * 1000);
    expect(JSON.stringify(updated.data)).not.toContain(key.key.slice(3));

    expect(failure(await bob.browser.get("/api-key/get", { query: { id: key.id } }))).toEqual({
      status: 404,
      code: "API_KEY_NOT_FOUND",
    });
    expect(failure(await bob.browser.post("/api-key/update", { keyId: key.id, name: "x" }))).toEqual({
      status: 404,
      code: "API_KEY_NOT_FOUND",
    });
    expect(failure(await bob.browser.post("/api-key/delete", { keyId: key.id }))).toEqual({
      status: 404,
      code: "API_KEY_NOT_FOUND",
    });
    expect((await bob.browser.get<{ total: number }>("/api-key/list")).data.total).toBe(0);

    expect((await ann.browser.post("/api-key/delete", { keyId: key.id })).data).toEqual({ success: true });
    expect(failure(await ann.browser.get("/api-key/get", { query: { id: key.id } }))).toEqual({
      status: 404,
      code: "API_KEY_NOT_FOUND",
    });
  });

  it("refuses bad input with better-auth's messages", async () => {
    const s = setupApiKey({ requireName: true, maximumNameLength: 8 });
    const { browser } = await s.person();
    const create = (body: Record<string, unknown>) => browser.post("/api-key/create", body);
    expect(failure(await create({}))).toEqual({ status: 400, code: "API_KEY_NAME_IS_REQUIRED" });
    expect(failure(await create({ name: "far-too-long" }))).toEqual({
      status: 400,
      code: "THE_NAME_LENGTH_IS_EITHER_TOO_LARGE_OR_TOO_SMALL",
    });
    expect(failure(await create({ name: "k", prefix: "p".repeat(33) }))).toEqual({
      status: 400,
      code: "THE_PREFIX_LENGTH_IS_EITHER_TOO_LARGE_OR_TOO_SMALL",
    });
    expect(failure(await create({ name: "k", metadata: { a: 1 } }))).toEqual({
      status: 400,
      code: "METADATA_IS_DISABLED",
    });
    expect(failure(await create({ name: "k", expiresIn: 60 }))).toEqual({
      status: 400,
      code: "THE_EXPIRESIN_IS_SMALLER_THAN_THE_PREDEFINED_MINIMUM_VALUE",
    });
    expect(failure(await create({ name: "k", expiresIn: 400 * DAY_S }))).toEqual({
      status: 400,
      code: "THE_EXPIRESIN_IS_LARGER_THAN_THE_PREDEFINED_MAXIMUM_VALUE",
    });
    const serverOnly = await create({ name: "k", remaining: 5 });
    expect(failure(serverOnly)).toEqual({
      status: 400,
      code: "THE_PROPERTY_YOU_RE_TRYING_TO_SET_CAN_ONLY_BE_SET_FROM_THE_SERVER_AUTH_INSTANCE_ONLY",
    });
    expect((serverOnly.data as { message: string }).message).toBe(
      "The property you're trying to set can only be set from the server auth instance only.",
    );
    // better-auth answers 401 here; spec section 8 keeps 401 for "no session".
    expect(failure(await create({ name: "k", userId: "someone" }))).toEqual({
      status: 400,
      code: "THE_PROPERTY_YOU_RE_TRYING_TO_SET_CAN_ONLY_BE_SET_FROM_THE_SERVER_AUTH_INSTANCE_ONLY",
    });
    expect(failure(await create({ name: "k", prefix: "bad prefix!" })).status).toBe(400);
    const anonymous = s.keyClient("", "x-unused");
    expect(failure(await anonymous.post("/api-key/create", { name: "k" }))).toEqual({
      status: 401,
      code: "UNAUTHORIZED_OR_INVALID_SESSION",
    });

    const { data: key } = await create({ name: "k" });
    const id = (key as CreatedKey).id;
    expect(failure(await browser.post("/api-key/update", { keyId: id }))).toEqual({
      status: 400,
      code: "NO_VALUES_TO_UPDATE",
    });
    const userId = (await s.person()).user.id;
    await expect(
      s.auth.api.createApiKey({ body: { userId, name: "k", refillInterval: 1000 } }),
    ).rejects.toMatchObject({ body: { code: "REFILLAMOUNT_IS_REQUIRED_WHEN_REFILLINTERVAL_IS_PROVIDED" } });
    await expect(
      s.auth.api.createApiKey({ body: { userId, name: "k", refillAmount: 5 } }),
    ).rejects.toMatchObject({ body: { code: "REFILLINTERVAL_IS_REQUIRED_WHEN_REFILLAMOUNT_IS_PROVIDED" } });
  });

  it("custom expiry can be switched off", async () => {
    const s = setupApiKey({ keyExpiration: { disableCustomExpiresTime: true } });
    const { browser } = await s.person();
    expect(failure(await browser.post("/api-key/create", { expiresIn: 2 * DAY_S }))).toEqual({
      status: 400,
      code: "CUSTOM_KEY_EXPIRATION_VALUES_ARE_DISABLED",
    });
  });

  it("organization keys: owners manage them; members without the apiKey statement and outsiders do not", async () => {
    const s = setupApiKey();
    const { owner, org } = await s.orgOwner();
    const [member, outsider] = await Promise.all([s.person("member"), s.person("outsider")]);
    await s.auth.api.addMember({ body: { userId: member.user.id, role: "member", organizationId: org.id } });

    const created = await owner.browser.post<CreatedKey>("/api-key/create", { organizationId: org.id });
    expect(created.status).toBe(200);
    expect(created.data.referenceId).toBe(org.id);
    const listed = await owner.browser.get<{ total: number }>("/api-key/list", {
      query: { organizationId: org.id },
    });
    expect(listed.data.total).toBe(1);
    expect((await owner.browser.get<{ total: number }>("/api-key/list")).data.total).toBe(0);

    expect(failure(await member.browser.post("/api-key/create", { organizationId: org.id }))).toEqual({
      status: 403,
      code: "YOU_DO_NOT_HAVE_PERMISSION_TO_PERFORM_THIS_ACTION_ON_ORGANIZATION_API_KEYS",
    });
    expect(failure(await outsider.browser.get("/api-key/get", { query: { id: created.data.id } }))).toEqual({
      status: 403,
      code: "YOU_ARE_NOT_A_MEMBER_OF_THE_ORGANIZATION_THAT_OWNS_THIS_API_KEY",
    });
    expect(failure(await outsider.browser.post("/api-key/delete", { keyId: created.data.id }))).toEqual({
      status: 403,
      code: "YOU_ARE_NOT_A_MEMBER_OF_THE_ORGANIZATION_THAT_OWNS_THIS_API_KEY",
    });
    expect((await owner.browser.post("/api-key/delete", { keyId: created.data.id })).status).toBe(200);
  });

  it("'Failed to update API key' when the store does not write the change", async () => {
    const s = setupApiKey();
    const { browser } = await s.person();
    const { data: key } = await browser.post<CreatedKey>("/api-key/create", { name: "k" });
    const adapter = s.auth.$context.adapter as { update: (...args: never[]) => Promise<unknown> };
    const original = adapter.update;
    adapter.update = async () => null; // the row vanished between the read and the write
    try {
      expect(failure(await browser.post("/api-key/update", { keyId: key.id, name: "n" }))).toEqual({
        status: 500,
        code: "FAILED_TO_UPDATE_API_KEY",
      });
    } finally {
      adapter.update = original;
    }
    expect((await browser.post("/api-key/update", { keyId: key.id, name: "n" })).status).toBe(200);
  });

  it("the server-only sweep deletes expired keys", async () => {
    const s = setupApiKey();
    const { browser } = await s.person();
    const { data: short } = await browser.post<CreatedKey>("/api-key/create", { expiresIn: DAY_S });
    const { data: long } = await browser.post<CreatedKey>("/api-key/create", { expiresIn: 10 * DAY_S });
    s.time.advance(2 * DAY_S * 1000);
    expect(await s.auth.api.deleteAllExpiredApiKeys({})).toEqual({ success: true, error: null });
    const list = await browser.get<{ apiKeys: { id: string }[] }>("/api-key/list");
    expect(list.data.apiKeys.map((k) => k.id)).toEqual([long.id]);
    expect(short.id).not.toBe(long.id);
    expect((await browser.post("/api-key/verify", { key: long.key })).status).toBe(404);
  });
});
