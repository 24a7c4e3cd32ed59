import { apiKey } from "@gatehouse-js/core/plugins/api-key";
import { apiKeyClient } from "@gatehouse-js/core/plugins/api-key/client";
import { createTestAuth, createTestFetch } from "@gatehouse-js/core/testing";
import { describe, expect, expectTypeOf, it } from "vitest";
import { createAuthClient } from "../src";

/** Issue 18: the API-key client part is inferred through the React client too. */
describe("apiKeyClient in the React client", () => {
  it("types create (with the key, once), list and the plugin's error codes", async () => {
    const { auth } = createTestAuth({ plugins: [apiKey({ defaultPrefix: "gh_" })] });
    const { fetch } = createTestFetch(auth, { jar: new Map() });
    const client = createAuthClient<typeof auth, [ReturnType<typeof apiKeyClient>]>({
      baseURL: "http://localhost:3000",
      fetchOptions: { fetch },
      plugins: [apiKeyClient()],
    });
    await client.signUp.email({
      name: "R",
      email: "react-keys@example.com",
      password: "correct-horse-battery",
    });

    const created = await client.apiKey.create({ name: "ci" });
    expectTypeOf(created.data!.key).toEqualTypeOf<string>();
    expectTypeOf(created.data!.remaining).toEqualTypeOf<number | null>();
    expect(created.data?.key.startsWith("gh_")).toBe(true);

    const listed = await client.apiKey.list();
    expectTypeOf(listed.data!.apiKeys[0]!.start).toEqualTypeOf<string | null>();
    // @ts-expect-error the stored hash is not part of a listed key
    void listed.data?.apiKeys[0]?.key;
    expect(listed.data?.apiKeys.map((k) => k.id)).toEqual([created.data?.id]);
    expect(client.$ERROR_CODES.API_KEY_NOT_FOUND.message).toBe("API Key not found");
  });
});
