import { describe, expect, it } from "vitest";
import { createAuthClient } from "../../../src/client";
import { organization } from "../../../src/plugins/organization";
import { organizationClient } from "../../../src/plugins/organization/client";
import { createTestAuth, createTestFetch } from "../../../src/testing";
import { failure, setupOrg, unique } from "./helpers";
import { storedRoleLifecycle } from "./role-scenarios";

const dynamic = { dynamicAccessControl: { enabled: true } } as const;

describe("dynamic access control (better-auth O33-O37)", () => {
  it("create, assign, check, list, get, update and delete a stored role", async () => {
    await storedRoleLifecycle(setupOrg(dynamic));
  });

  it("the role endpoints exist only when enabled; the organizationRole model too", async () => {
    const off = setupOrg();
    const r = await off.roster();
    expect(
      (await r.owner.browser.post("/organization/create-role", { role: "x", permission: {} })).status,
    ).toBe(404);
    expect(off.auth.$context.schema.organizationRole).toBeUndefined();
    const on = setupOrg(dynamic);
    expect(Object.keys(on.auth.$context.schema.organizationRole?.fields ?? {})).toEqual(
      expect.arrayContaining(["organizationId", "role", "permission", "createdAt", "updatedAt"]),
    );
  });

  it("permissions: members may read but not manage roles; outsiders are 403; no session is 401", async () => {
    const s = setupOrg(dynamic);
    const r = await s.roster();
    const body = { role: "viewer", permission: { member: ["update"] } };
    expect(failure(await r.member.browser.post("/organization/create-role", body))).toEqual({
      status: 403,
      code: "YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE",
    });
    expect((await r.admin.browser.post("/organization/create-role", body)).status).toBe(200);
    expect(
      failure(await r.member.browser.post("/organization/update-role", { roleName: "viewer", data: {} })),
    ).toEqual({ status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE" });
    expect(failure(await r.member.browser.post("/organization/delete-role", { roleName: "viewer" }))).toEqual(
      {
        status: 403,
        code: "YOU_ARE_NOT_ALLOWED_TO_DELETE_A_ROLE",
      },
    );
    expect(
      failure(
        await r.outsider.browser.get("/organization/list-roles", { query: { organizationId: r.org.id } }),
      ),
    ).toEqual({ status: 403, code: "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION" });
    expect(failure(await r.outsider.browser.post("/organization/create-role", body))).toEqual({
      status: 400,
      code: "YOU_MUST_BE_IN_AN_ORGANIZATION_TO_CREATE_A_ROLE",
    });
    expect(failure(await r.outsider.browser.get("/organization/list-roles"))).toEqual({
      status: 400,
      code: "NO_ACTIVE_ORGANIZATION",
    });
    expect(failure(await s.browser().get("/organization/list-roles"))).toEqual({
      status: 401,
      code: "UNAUTHORIZED",
    });
  });

  it("validation: taken names (stored or configured), invalid resources or actions, the role limit, pre-defined roles", async () => {
    const s = setupOrg({ dynamicAccessControl: { enabled: true, maximumRolesPerOrganization: 2 } });
    const r = await s.roster();
    const create = (role: string, permission: Record<string, string[]>) =>
      r.owner.browser.post("/organization/create-role", { role, permission });
    expect((await create("one", { team: ["create"] })).status).toBe(200);
    expect(failure(await create("one", { team: ["create"] }))).toEqual({
      status: 400,
      code: "THAT_ROLE_NAME_IS_ALREADY_TAKEN",
    });
    expect(failure(await create("admin", { team: ["create"] }))).toEqual({
      status: 400,
      code: "THAT_ROLE_NAME_IS_ALREADY_TAKEN",
    });
    const invalid: Record<string, string[]>[] = [{ billing: ["read"] }, { team: ["fly"] }];
    for (const permission of invalid) {
      expect(failure(await create("two", permission))).toEqual({
        status: 400,
        code: "THE_PROVIDED_PERMISSION_INCLUDES_AN_INVALID_RESOURCE",
      });
    }
    expect((await create("two", { ac: ["read"] })).status).toBe(200);
    expect(failure(await create("three", { team: ["create"] }))).toEqual({
      status: 400,
      code: "THIS_ORGANIZATION_HAS_TOO_MANY_ROLES",
    });
    expect(failure(await r.owner.browser.post("/organization/delete-role", { roleName: "owner" }))).toEqual({
      status: 400,
      code: "CANNOT_DELETE_A_PRE_DEFINED_ROLE",
    });
    expect(failure(await r.owner.browser.post("/organization/delete-role", { roleName: "missing" }))).toEqual(
      {
        status: 400,
        code: "ROLE_NOT_FOUND",
      },
    );
    expect(
      failure(
        await r.owner.browser.post("/organization/update-role", {
          roleName: "one",
          data: { roleName: "two" },
        }),
      ),
    ).toEqual({ status: 400, code: "THAT_ROLE_NAME_IS_ALREADY_TAKEN" });
    const renamed = await r.owner.browser.post<{ roleData: { role: string } }>("/organization/update-role", {
      roleName: "one",
      data: { roleName: "uno" },
    });
    expect(renamed.data.roleData.role).toBe("uno");
    expect((await r.owner.browser.post("/organization/delete-role", {})).status).toBe(400);
    // A stored role of another organization grants nothing here.
    const other = await s.createOrg(r.owner);
    expect(
      failure(
        await r.owner.browser.post("/organization/invite-member", {
          organizationId: other.id,
          email: "x@example.com",
          role: "uno",
        }),
      ),
    ).toEqual({ status: 400, code: "ROLE_NOT_FOUND" });
  });

  it("is reachable from the client: organization.createRole, listRoles, getRole, updateRole, deleteRole", async () => {
    // Literal options, so the client's types include the role routes.
    const s = createTestAuth({ emailAndPassword: { enabled: true }, plugins: [organization(dynamic)] });
    const { fetch } = createTestFetch(s.auth);
    const client = createAuthClient<typeof s.auth, [ReturnType<typeof organizationClient>]>({
      baseURL: "http://localhost:3000",
      plugins: [organizationClient()],
      fetchOptions: { fetch },
    });
    await client.signUp.email({
      name: "Ada",
      email: `${unique("ada")}@example.com`,
      password: "correct-horse-battery",
    });
    await client.organization.create({ name: "Acme", slug: unique("acme") });
    const created = await client.organization.createRole({
      role: "editor",
      permission: { team: ["update"] },
    });
    expect(created.data?.roleData.role).toBe("editor");
    expect((await client.organization.listRoles()).data?.map((x) => x.role)).toEqual(["editor"]);
    expect((await client.organization.getRole({ query: { roleName: "editor" } })).data?.role).toBe("editor");
    const updated = await client.organization.updateRole({
      roleName: "editor",
      data: { permission: { team: [] } },
    });
    expect(updated.data?.roleData.permission).toEqual({ team: [] });
    expect((await client.organization.deleteRole({ roleName: "editor" })).data).toEqual({ success: true });
  });
});
