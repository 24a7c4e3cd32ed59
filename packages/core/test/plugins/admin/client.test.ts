import { describe, expect, it } from "vitest";
import { createAuthClient } from "../../../src/client";
import { adminClient } from "../../../src/plugins/admin/client";
import { createTestFetch } from "../../../src/testing";
import { reachableModules } from "../username/boundary";
import { PASSWORD, setup, uniqueEmail } from "./helpers";

describe("adminClient", () => {
  it("lists users, impersonates and stops impersonating through the typed client", async () => {
    const { auth, setRole, signUpAs } = setup();
    const target = await signUpAs("user");
    const { fetch } = createTestFetch(auth);
    const client = createAuthClient<typeof auth, [ReturnType<typeof adminClient>]>({
      baseURL: "http://localhost:3000",
      plugins: [adminClient()],
      fetchOptions: { fetch },
    });
    const email = uniqueEmail("client-admin");
    const signUp = await client.signUp.email({ name: "Admin", email, password: PASSWORD });
    await setRole(signUp.data!.user.id, "admin");

    const list = await client.admin.listUsers({ query: { searchValue: target.email } });
    expect(list.data?.total).toBe(1);
    expect(list.data?.users[0]?.role).toBe("user");

    const refused = await client.admin.removeUser({ userId: signUp.data!.user.id });
    expect(refused.error).toMatchObject({ status: 400, code: "YOU_CANNOT_REMOVE_YOURSELF" });

    const started = await client.admin.impersonateUser({ userId: target.user.id });
    expect(started.data?.session.impersonatedBy).toBe(signUp.data!.user.id);
    expect((await client.getSession()).data?.user.id).toBe(target.user.id);
    const stopped = await client.admin.stopImpersonating();
    expect(stopped.data?.user.email).toBe(email);
    expect((await client.getSession()).data?.user.email).toBe(email);
  });

  it("client.ts is browser-safe: it reaches only its manifest, its error table and the client's plugin helper", () => {
    const { files, packages } = reachableModules("plugins/admin/client.ts");
    expect(files).toEqual([
      "client/plugin.ts",
      "plugin/client.ts",
      "plugin/roles.ts",
      "plugins/admin/client.ts",
      "plugins/admin/error-codes.ts",
      "plugins/admin/routes.ts",
    ]);
    expect(packages).toEqual([]);
  });
});
