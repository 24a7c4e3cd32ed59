import { describe, expect, expectTypeOf, it } from "vitest";
import { createAuthClient } from "../../../src/client";
import { apiKeyClient } from "../../../src/plugins/api-key/client";
import { createTestFetch } from "../../../src/testing";
import { reachableModules } from "../username/boundary";
import { setupApiKey } from "./helpers";

describe("apiKeyClient", () => {
  it("creates, lists, gets, updates and deletes keys through the typed client", async () => {
    const s = setupApiKey();
    const { fetch } = createTestFetch(s.auth);
    const client = createAuthClient<typeof s.auth, [ReturnType<typeof apiKeyClient>]>({
      baseURL: "http://localhost:3000",
      plugins: [apiKeyClient()],
      fetchOptions: { fetch },
    });
    await client.signUp.email({ name: "C", email: "client@example.com", password: "correct-horse-battery" });

    const created = await client.apiKey.create({ name: "deploy" });
    expect(created.error).toBeNull();
    expectTypeOf(created.data!.key).toEqualTypeOf<string>();
    const key = created.data!;
    expect(key.key.length).toBe(64);

    const listed = await client.apiKey.list();
    expectTypeOf(listed.data!.total).toEqualTypeOf<number>();
    expect(listed.data?.apiKeys.map((k) => k.id)).toEqual([key.id]);
    expect(listed.data?.apiKeys[0]).not.toHaveProperty("key");

    const got = await client.apiKey.get({ query: { id: key.id } });
    expect(got.data?.name).toBe("deploy");
    const updated = await client.apiKey.update({ keyId: key.id, enabled: false });
    expect(updated.data?.enabled).toBe(false);
    expect((await client.apiKey.delete({ keyId: key.id })).data).toEqual({ success: true });

    const missing = await client.apiKey.get({ query: { id: key.id } });
    expect(missing.error).toMatchObject({
      status: 404,
      code: "API_KEY_NOT_FOUND",
      message: "API Key not found",
    });
    expect(client).not.toHaveProperty("apiKey.verify");
  });

  it("client.ts is browser-safe: it reaches only its manifest, its error table and the client's plugin helper", () => {
    const { files, packages } = reachableModules("plugins/api-key/client.ts");
    expect(files).toEqual([
      "client/plugin.ts",
      "plugins/api-key/client.ts",
      "plugins/api-key/error-codes.ts",
      "plugins/api-key/routes.ts",
    ]);
    expect(packages).toEqual([]);
  });
});
