import { describe, expect, it } from "vitest";
import { failure, setupOrg } from "./helpers";

type Role = { id: string; role: string; permission: Record<string, string[]>; description?: string | null };

const withFields = (required = false) =>
  setupOrg({
    dynamicAccessControl: { enabled: true },
    schema: {
      organizationRole: {
        additionalFields: {
          description: { type: "string", required },
          internal: { type: "string", required: false, input: false },
        },
      },
    },
  });

describe("dynamic roles: additional fields (schema.organizationRole.additionalFields, as better-auth)", () => {
  it("are part of the model, set at create through additionalFields and at update through data", async () => {
    const s = withFields();
    expect(Object.keys(s.auth.$context.schema.organizationRole?.fields ?? {})).toEqual(
      expect.arrayContaining(["description", "internal"]),
    );
    const r = await s.roster();
    const created = await r.owner.browser.post<{ roleData: Role }>("/organization/create-role", {
      role: "reader",
      permission: { team: ["update"] },
      additionalFields: { description: "Reads things", internal: "not settable", organizationId: "x" },
    });
    expect(created.status).toBe(200);
    expect(created.data.roleData).toMatchObject({ description: "Reads things", organizationId: r.org.id });
    expect(created.data.roleData).not.toHaveProperty("internal", "not settable");
    const updated = await r.owner.browser.post<{ roleData: Role }>("/organization/update-role", {
      roleName: "reader",
      data: { description: "Reads more" },
    });
    expect(updated.data.roleData.description).toBe("Reads more");
    const stored = await r.owner.browser.get<Role>("/organization/get-role", {
      query: { roleName: "reader" },
    });
    expect(stored.data).toMatchObject({ description: "Reads more", permission: { team: ["update"] } });
  });

  it("are validated: a wrong type is 400 Invalid body parameters and nothing is stored", async () => {
    const s = withFields();
    const r = await s.roster();
    const bad = await r.owner.browser.post<{ message: string }>("/organization/create-role", {
      role: "reader",
      permission: { team: ["update"] },
      additionalFields: { description: 42 },
    });
    expect([bad.status, bad.data.message]).toEqual([400, "Invalid body parameters"]);
    expect((await r.owner.browser.get<Role[]>("/organization/list-roles")).data).toEqual([]);
  });

  it("a required one must be given at create", async () => {
    const s = withFields(true);
    const r = await s.roster();
    const missing = await r.owner.browser.post("/organization/create-role", {
      role: "reader",
      permission: { team: ["update"] },
    });
    expect(failure(missing).status).toBe(400);
    const given = await r.owner.browser.post("/organization/create-role", {
      role: "reader",
      permission: { team: ["update"] },
      additionalFields: { description: "Reads" },
    });
    expect(given.status).toBe(200);
  });
});

describe("required additional fields missing at create: 400, never a database error (500)", () => {
  it("team (create-team) and member (addMember); a default satisfies the requirement", async () => {
    const s = setupOrg({
      teams: { enabled: true, defaultTeam: { enabled: false } },
      schema: {
        team: { additionalFields: { code: { type: "string" } } },
        member: { additionalFields: { seat: { type: "string", required: true, default: "standard" } } },
      },
    });
    const owner = await s.person("owner");
    const org = await s.createOrg(owner);
    const noCode = await owner.browser.post<{ message: string }>("/organization/create-team", {
      name: "Core",
      organizationId: org.id,
    });
    expect([noCode.status, noCode.data.message]).toEqual([400, "Invalid body parameters"]);
    const team = await owner.browser.post("/organization/create-team", {
      name: "Core",
      organizationId: org.id,
      code: "T1",
    });
    expect(team.status).toBe(200);
    const joiner = await s.person("joiner");
    const member = await s.auth.api.addMember({
      body: { userId: joiner.user.id, role: "member", organizationId: org.id },
    });
    expect(member).toMatchObject({ seat: "standard" });
  });

  it("organization and invitation are left to their before-hooks, which may fill a required field", async () => {
    const s = setupOrg({
      schema: {
        organization: { additionalFields: { code: { type: "string" } } },
        invitation: { additionalFields: { source: { type: "string" } } },
      },
      organizationHooks: {
        beforeCreateOrganization: async () => ({ data: { code: "from-hook" } }),
        beforeCreateInvitation: async () => ({ data: { source: "from-hook" } }),
      },
    });
    const owner = await s.person("owner");
    const org = await s.createOrg(owner);
    expect(org).toMatchObject({ code: "from-hook" });
    const invite = await owner.browser.post("/organization/invite-member", {
      email: "x@example.com",
      role: "member",
      organizationId: org.id,
    });
    expect([invite.status, (invite.data as { source?: string }).source]).toEqual([200, "from-hook"]);
  });
});
