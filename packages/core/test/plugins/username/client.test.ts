import { describe, expect, it } from "vitest";
import { createAuthClient } from "../../../src/client";
import { usernameClient } from "../../../src/plugins/username/client";
import { createTestFetch } from "../../../src/testing";
import { reachableModules } from "./boundary";
import { PASSWORD, setup, uniqueEmail } from "./helpers";

describe("usernameClient", () => {
  it("signs in with a username and checks availability through the typed client", async () => {
    const { auth } = setup();
    const { fetch } = createTestFetch(auth);
    const client = createAuthClient<typeof auth, [ReturnType<typeof usernameClient>]>({
      baseURL: "http://localhost:3000",
      plugins: [usernameClient()],
      fetchOptions: { fetch },
    });
    const email = uniqueEmail();
    await client.signUp.email({ name: "Client", email, password: PASSWORD, username: "Client.User" });
    await client.signOut();
    expect((await client.isUsernameAvailable({ username: "client.user" })).data).toEqual({
      available: false,
    });
    const wrong = await client.signIn.username({ username: "client.user", password: "wrong-password-1" });
    expect(wrong.error).toMatchObject({ status: 401, code: "INVALID_USERNAME_OR_PASSWORD" });
    const ok = await client.signIn.username({ username: "CLIENT.USER", password: PASSWORD });
    expect(ok.error).toBeNull();
    expect(ok.data?.user.email).toBe(email);
    expect((await client.getSession()).data?.user.username).toBe("client.user");
  });

  it("client.ts is browser-safe: it reaches only its manifest, its error table and the client's plugin helper", () => {
    const { files, packages } = reachableModules("plugins/username/client.ts");
    expect(files).toEqual([
      "client/plugin.ts",
      "plugin/client.ts",
      "plugin/roles.ts",
      "plugins/username/client.ts",
      "plugins/username/error-codes.ts",
      "plugins/username/routes.ts",
    ]);
    expect(packages).toEqual([]);
  });
});
