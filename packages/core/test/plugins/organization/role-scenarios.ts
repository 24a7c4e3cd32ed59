import { expect } from "vitest";
import { failure, type OrgSetup } from "./helpers";

type RoleBody = {
  id: string;
  organizationId: string;
  role: string;
  permission: Record<string, string[]>;
  createdAt: string;
  updatedAt?: string | null;
};

/**
 * Dynamic access control end to end, through HTTP (shared by the in-memory and PostgreSQL runs):
 * a stored role is created, assigned by invitation, grants exactly its permission to its holder,
 * is listed, read, updated (the new permission applies at once) and deleted once unassigned.
 */
export async function storedRoleLifecycle(s: OrgSetup) {
  const r = await s.roster();
  const created = await r.owner.browser.post<{ success: true; roleData: RoleBody; statements: object }>(
    "/organization/create-role",
    { role: "auditor", permission: { member: ["update"], invitation: ["create"] } },
  );
  expect(created.status).toBe(200);
  expect(created.data.success).toBe(true);
  expect(created.data.roleData).toMatchObject({
    organizationId: r.org.id,
    role: "auditor",
    permission: { member: ["update"], invitation: ["create"] },
  });
  // As better-auth: the new role's own statements, not the whole statement table.
  expect(created.data.statements).toEqual({ member: ["update"], invitation: ["create"] });
  const roleId = created.data.roleData.id;

  // Assigning the stored role works (invite-member knows it) and it grants its permission.
  const auditor = await s.person("auditor");
  await s.join(r.org, r.owner, auditor, "auditor");
  const grant = await auditor.browser.post<{ success: boolean }>("/organization/has-permission", {
    permissions: { invitation: ["create"] },
  });
  expect(grant.data).toEqual({ error: null, success: true });
  const deny = await auditor.browser.post<{ success: boolean }>("/organization/has-permission", {
    permissions: { member: ["delete"] },
  });
  expect(deny.data).toEqual({ error: null, success: false });
  const invite = await auditor.browser.post("/organization/invite-member", {
    email: "someone@example.com",
    role: "member",
  });
  expect(invite.status).toBe(200);

  // Read: members hold ac:read; list and get by name or id.
  const list = await r.member.browser.get<RoleBody[]>("/organization/list-roles");
  expect(list.data.map((x) => x.role)).toEqual(["auditor"]);
  const byName = await r.member.browser.get<RoleBody>("/organization/get-role", {
    query: { roleName: "auditor" },
  });
  expect(byName.data.id).toBe(roleId);
  const byId = await r.member.browser.get<RoleBody>("/organization/get-role", { query: { roleId } });
  expect(byId.data.permission).toEqual({ member: ["update"], invitation: ["create"] });

  // Update: the new permission applies to the holder at once.
  const updated = await r.admin.browser.post<{ success: true; roleData: RoleBody }>(
    "/organization/update-role",
    {
      roleName: "auditor",
      data: { permission: { member: ["delete"] } },
    },
  );
  expect(updated.data.roleData.permission).toEqual({ member: ["delete"] });
  const now = await auditor.browser.post<{ success: boolean }>("/organization/has-permission", {
    permissions: { member: ["delete"] },
  });
  expect(now.data.success).toBe(true);
  expect(
    failure(
      await auditor.browser.post("/organization/invite-member", {
        email: "other@example.com",
        role: "member",
      }),
    ),
  ).toEqual({ status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION" });

  // Delete: refused while assigned, then allowed.
  expect(failure(await r.owner.browser.post("/organization/delete-role", { roleName: "auditor" }))).toEqual({
    status: 400,
    code: "CANNOT_DELETE_A_ROLE_THAT_IS_ASSIGNED_TO_MEMBERS",
  });
  const auditorMember = await auditor.browser.get<{ id: string }>("/organization/get-active-member");
  await r.owner.browser.post("/organization/update-member-role", {
    memberId: auditorMember.data.id,
    role: "member",
  });
  const deleted = await r.owner.browser.post("/organization/delete-role", { roleId });
  expect([deleted.status, deleted.data]).toEqual([200, { success: true }]);
  expect(failure(await r.owner.browser.get("/organization/get-role", { query: { roleId } }))).toEqual({
    status: 400,
    code: "ROLE_NOT_FOUND",
  });
  return { r, roleId };
}
