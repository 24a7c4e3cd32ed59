import { describe, expect, it } from "vitest";
import { failure, setupOrg } from "./helpers";

const dynamic = { dynamicAccessControl: { enabled: true } } as const;

type RoleBody = { role: string; permission: Record<string, string[]> };
type RoleAnswer = { success: boolean; roleData: RoleBody & { id: string } };
type Refusal = { code: string; message: string; missingPermissions?: string[] };

describe("dynamic roles: no role grants more than its author holds (as better-auth)", () => {
  it("create-role: an admin cannot grant organization:delete; the owner can", async () => {
    const s = setupOrg(dynamic);
    const r = await s.roster();
    const refused = await r.admin.browser.post<Refusal>("/organization/create-role", {
      role: "deleter",
      permission: { organization: ["update", "delete"], member: ["update"] },
    });
    expect(failure(refused)).toEqual({ status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE" });
    expect(refused.data.missingPermissions).toEqual(["organization:delete"]);
    const listed = await r.owner.browser.get<RoleBody[]>("/organization/list-roles");
    expect(listed.data).toEqual([]);

    const held = await r.admin.browser.post<RoleAnswer>("/organization/create-role", {
      role: "updater",
      permission: { organization: ["update"], member: ["update"] },
    });
    expect(held.status).toBe(200);
    const byOwner = await r.owner.browser.post<RoleAnswer>("/organization/create-role", {
      role: "deleter",
      permission: { organization: ["delete"] },
    });
    expect(byOwner.status).toBe(200);
  });

  it("update-role: new permissions must be held too; the stored role is left as it was", async () => {
    const s = setupOrg(dynamic);
    const r = await s.roster();
    await r.admin.browser.post("/organization/create-role", {
      role: "helper",
      permission: { team: ["create"] },
    });
    const refused = await r.admin.browser.post<Refusal>("/organization/update-role", {
      roleName: "helper",
      data: { permission: { team: ["create"], organization: ["delete"] } },
    });
    expect(failure(refused)).toEqual({ status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE" });
    expect(refused.data.missingPermissions).toEqual(["organization:delete"]);
    const stored = await r.admin.browser.get<RoleBody>("/organization/get-role", {
      query: { roleName: "helper" },
    });
    expect(stored.data.permission).toEqual({ team: ["create"] });
    const widened = await r.owner.browser.post<RoleAnswer>("/organization/update-role", {
      roleName: "helper",
      data: { permission: { team: ["create"], organization: ["delete"] } },
    });
    expect(widened.data.roleData.permission).toEqual({ team: ["create"], organization: ["delete"] });
  });

  it("a member's own stored role counts: it may grant what that role holds, nothing more", async () => {
    const s = setupOrg(dynamic);
    const r = await s.roster();
    await r.owner.browser.post("/organization/create-role", {
      role: "curator",
      permission: { ac: ["create", "read"], team: ["create"] },
    });
    const assigned = await r.owner.browser.post("/organization/update-member-role", {
      memberId: r.ids.member,
      role: "curator",
    });
    expect(assigned.status).toBe(200);
    const ok = await r.member.browser.post("/organization/create-role", {
      role: "team-maker",
      permission: { team: ["create"] },
    });
    expect(ok.status).toBe(200);
    const refused = await r.member.browser.post<Refusal>("/organization/create-role", {
      role: "remover",
      permission: { team: ["create", "delete"], member: ["delete"] },
    });
    expect(failure(refused)).toEqual({ status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE" });
    expect(refused.data.missingPermissions).toEqual(["team:delete", "member:delete"]);
  });
});

describe("dynamic roles: names", () => {
  it("are stored lower-case at create and rename, so case variants collide", async () => {
    const s = setupOrg(dynamic);
    const r = await s.roster();
    const created = await r.owner.browser.post<RoleAnswer>("/organization/create-role", {
      role: "Editor",
      permission: { team: ["update"] },
    });
    expect(created.data.roleData.role).toBe("editor");
    const again = await r.owner.browser.post("/organization/create-role", {
      role: "EDITOR",
      permission: { team: ["update"] },
    });
    expect(failure(again)).toEqual({ status: 400, code: "THAT_ROLE_NAME_IS_ALREADY_TAKEN" });
    expect(
      failure(
        await r.owner.browser.post("/organization/create-role", {
          role: "Admin",
          permission: { team: ["update"] },
        }),
      ),
    ).toEqual({ status: 400, code: "THAT_ROLE_NAME_IS_ALREADY_TAKEN" });
    const renamed = await r.owner.browser.post<RoleAnswer>("/organization/update-role", {
      roleName: "editor",
      data: { roleName: "Reviewer" },
    });
    expect(renamed.data.roleData.role).toBe("reviewer");
  });

  it("are limited to 255 characters (400 Invalid body parameters)", async () => {
    const s = setupOrg(dynamic);
    const r = await s.roster();
    const long = await r.owner.browser.post<Refusal>("/organization/create-role", {
      role: "r".repeat(256),
      permission: { team: ["update"] },
    });
    expect([long.status, long.data.message]).toEqual([400, "Invalid body parameters"]);
    const longest = await r.owner.browser.post("/organization/create-role", {
      role: "r".repeat(255),
      permission: { team: ["update"] },
    });
    expect(longest.status).toBe(200);
  });

  it("twenty concurrent creates of one name: one role, the others 400 already taken, never 500", async () => {
    const s = setupOrg(dynamic);
    const r = await s.roster();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        r.owner.browser.post("/organization/create-role", {
          role: "racer",
          permission: { team: ["update"] },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).map(failure)).toEqual(
      Array.from({ length: 19 }, () => ({ status: 400, code: "THAT_ROLE_NAME_IS_ALREADY_TAKEN" })),
    );
    const listed = await r.owner.browser.get<RoleBody[]>("/organization/list-roles");
    expect(listed.data.map((x) => x.role)).toEqual(["racer"]);
  });
});

describe("dynamic roles: lifetime", () => {
  it("deleting the organization deletes its stored roles, on every adapter (not left to foreign keys)", async () => {
    const s = setupOrg(dynamic);
    const r = await s.roster();
    await r.owner.browser.post("/organization/create-role", {
      role: "keeper",
      permission: { team: ["update"] },
    });
    const other = await s.createOrg(r.owner);
    await r.owner.browser.post("/organization/create-role", {
      role: "keeper",
      permission: { team: ["update"] },
      organizationId: other.id,
    });
    const count = (organizationId: string) =>
      s.auth.$context.adapter.count({
        model: "organizationRole",
        where: [{ field: "organizationId", value: organizationId }],
      });
    expect(await count(r.org.id)).toBe(1);
    const deleted = await r.owner.browser.post("/organization/delete", { organizationId: r.org.id });
    expect(deleted.status).toBe(200);
    expect(await count(r.org.id)).toBe(0);
    expect(await count(other.id)).toBe(1);
  });
});
