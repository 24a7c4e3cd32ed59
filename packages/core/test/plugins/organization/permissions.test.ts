import { describe, expect, it } from "vitest";
import {
  createAccessControl,
  defaultStatements,
  organizationServices,
} from "../../../src/plugins/organization";
import type { TestResponse } from "../../../src/testing";
import { failure, type Person, setupOrg } from "./helpers";

type Role = "owner" | "admin" | "member" | "outsider";
const ROLES: Role[] = ["owner", "admin", "member", "outsider"];

/** Spec section 6: who holds each (resource, action). */
const GRANTS: Record<string, Role[]> = {
  "organization:update": ["owner", "admin"],
  "organization:delete": ["owner"],
  "member:create": ["owner", "admin"],
  "member:update": ["owner", "admin"],
  "member:delete": ["owner", "admin"],
  "invitation:create": ["owner", "admin"],
  "invitation:cancel": ["owner", "admin"],
  "team:create": ["owner", "admin"],
  "team:update": ["owner", "admin"],
  "team:delete": ["owner", "admin"],
};

describe("permission matrix through has-permission (spec section 6)", () => {
  it("owner, admin and member hold exactly the default grants; outsiders are refused", async () => {
    const s = setupOrg();
    const r = await s.roster();
    for (const [key, holders] of Object.entries(GRANTS)) {
      const [resource, action] = key.split(":") as [string, string];
      for (const role of ["owner", "admin", "member"] as const) {
        const res = await r[role].browser.post("/organization/has-permission", {
          organizationId: r.org.id,
          permissions: { [resource]: [action] },
        });
        expect(res.data, `${role} ${key}`).toEqual({ error: null, success: holders.includes(role) });
      }
    }
    const outsider = await r.outsider.browser.post("/organization/has-permission", {
      organizationId: r.org.id,
      permissions: { member: ["delete"] },
    });
    expect(failure(outsider)).toEqual({ status: 403, code: "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION" });
  });

  it("uses the active organization, validates the request, supports AND/OR and several roles", async () => {
    const s = setupOrg();
    const r = await s.roster();
    const both = { organization: ["update", "delete"] };
    expect((await r.admin.browser.post("/organization/has-permission", { permissions: both })).data).toEqual({
      error: null,
      success: false,
    });
    expect(
      (await r.admin.browser.post("/organization/has-permission", { permissions: both, connector: "OR" }))
        .data,
    ).toEqual({ error: null, success: true });
    expect(failure(await r.admin.browser.post("/organization/has-permission", { permissions: {} }))).toEqual({
      status: 400,
      code: "INVALID_ACCESS_CONTROL_REQUEST",
    });
    expect(
      failure(await r.admin.browser.post("/organization/has-permission", { permissions: { member: "x" } })),
    ).toEqual({
      status: 400,
      code: "INVALID_BODY_PARAMETERS",
    });
    expect(
      failure(
        await r.outsider.browser.post("/organization/has-permission", {
          permissions: { member: ["delete"] },
        }),
      ),
    ).toEqual({ status: 400, code: "NO_ACTIVE_ORGANIZATION" });

    // "member,admin": any role granting is enough.
    await r.owner.browser.post("/organization/update-member-role", {
      memberId: r.ids.member,
      role: "member,admin",
    });
    const multi = await r.member.browser.post("/organization/has-permission", {
      permissions: { member: ["delete"] },
    });
    expect(multi.data).toEqual({ error: null, success: true });
  });

  it("server helpers: auth.api.hasPermission and the service", async () => {
    const s = setupOrg();
    const r = await s.roster();
    const viaApi = await s.auth.api.hasPermission({
      headers: r.admin.browser.headers(),
      body: { organizationId: r.org.id, permissions: { invitation: ["cancel"] } },
    });
    expect(viaApi).toEqual({ error: null, success: true });
    const services = organizationServices(s.auth.$context);
    const check = (userId: string, permissions: Record<string, string[]>) =>
      services.hasPermission({ userId, organizationId: r.org.id, permissions });
    expect(await check(r.owner.user.id, { organization: ["delete"] })).toBe(true);
    expect(await check(r.admin.user.id, { organization: ["delete"] })).toBe(false);
    expect(await check(r.outsider.user.id, { member: ["delete"] })).toBe(false);
    expect(await services.isMember(r.member.user.id, r.org.id)).toBe(true);
    expect(await services.isMember(r.outsider.user.id, r.org.id)).toBe(false);
    expect(
      await services.access.check({
        userId: r.outsider.user.id,
        organizationId: r.org.id,
        permissions: { member: ["delete"] },
      }),
    ).toEqual({
      success: false,
      error: "Not authorized",
    });
  });

  it("custom roles and statements from options", async () => {
    const ac = createAccessControl({ ...defaultStatements, project: ["create", "archive"] } as const);
    const s = setupOrg({
      ac,
      roles: { recruiter: ac.newRole({ invitation: ["create"], project: ["create"] }) },
    });
    const r = await s.roster();
    await r.owner.browser.post("/organization/update-member-role", {
      memberId: r.ids.member,
      role: "recruiter",
    });
    const invite = await r.member.browser.post("/organization/invite-member", {
      email: "new@example.com",
      role: "member",
    });
    expect(invite.status).toBe(200);
    const project = await r.member.browser.post("/organization/has-permission", {
      permissions: { project: ["create"] },
    });
    expect(project.data).toEqual({ error: null, success: true });
    const archive = await r.member.browser.post("/organization/has-permission", {
      permissions: { project: ["archive"] },
    });
    expect(archive.data).toEqual({ error: null, success: false });
    const unknown = await r.owner.browser.post("/organization/update-member-role", {
      memberId: r.ids.member,
      role: "ghost",
    });
    expect(failure(unknown)).toEqual({ status: 400, code: "ROLE_NOT_FOUND" });
  });
});

describe("permission matrix through the guarded endpoints", () => {
  /** Runs `act` once per role on a fresh roster and checks status and code. */
  async function matrix(
    act: (
      ctx: Awaited<ReturnType<ReturnType<typeof setupOrg>["roster"]>> & { s: ReturnType<typeof setupOrg> },
      who: Person,
    ) => Promise<TestResponse>,
    expected: Record<Role, { status: number; code?: string }>,
  ) {
    for (const role of ROLES) {
      const s = setupOrg();
      const r = await s.roster();
      const res = await act({ ...r, s }, r[role]);
      expect(failure(res), role).toEqual(
        expected[role].code ? expected[role] : { status: expected[role].status, code: undefined },
      );
    }
  }
  const OK = { status: 200 };
  const NOT_MEMBER = { status: 403, code: "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION" };

  it("organization:update -> update", () =>
    matrix(
      (r, who) =>
        who.browser.post("/organization/update", { organizationId: r.org.id, data: { name: "New" } }),
      {
        owner: OK,
        admin: OK,
        member: { status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION" },
        outsider: NOT_MEMBER,
      },
    ));

  it("organization:delete -> delete", () =>
    matrix((r, who) => who.browser.post("/organization/delete", { organizationId: r.org.id }), {
      owner: OK,
      admin: { status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION" },
      member: { status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION" },
      outsider: NOT_MEMBER,
    }));

  it("member:update -> update-member-role (of the plain member)", () =>
    matrix(
      (r, who) =>
        who.browser.post("/organization/update-member-role", {
          organizationId: r.org.id,
          memberId: r.ids.member,
          role: "admin",
        }),
      {
        owner: OK,
        admin: OK,
        member: { status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER" },
        outsider: NOT_MEMBER,
      },
    ));

  it("member:delete -> remove-member (of a fresh member)", () =>
    matrix(
      async (r, who) => {
        const extra = await r.s.person("extra");
        const id = await r.s.join(r.org, r.owner, extra, "member");
        return who.browser.post("/organization/remove-member", {
          organizationId: r.org.id,
          memberIdOrEmail: id,
        });
      },
      {
        owner: OK,
        admin: OK,
        member: { status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER" },
        outsider: { status: 400, code: "MEMBER_NOT_FOUND" },
      },
    ));

  it("invitation:create -> invite-member", () =>
    matrix(
      (r, who) =>
        who.browser.post("/organization/invite-member", {
          organizationId: r.org.id,
          email: "invitee@example.com",
          role: "member",
        }),
      {
        owner: OK,
        admin: OK,
        member: { status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION" },
        outsider: NOT_MEMBER,
      },
    ));

  it("invitation:cancel -> cancel-invitation", () =>
    matrix(
      async (r, who) => {
        const invite = await r.owner.browser.post<{ id: string }>("/organization/invite-member", {
          organizationId: r.org.id,
          email: "invitee@example.com",
          role: "member",
        });
        return who.browser.post("/organization/cancel-invitation", { invitationId: invite.data.id });
      },
      {
        owner: OK,
        admin: OK,
        member: { status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION" },
        outsider: { status: 400, code: "MEMBER_NOT_FOUND" },
      },
    ));

  it("any member may list invitations and organizations and get the active member; outsiders may not", async () => {
    const s = setupOrg();
    const r = await s.roster();
    for (const who of [r.owner, r.admin, r.member]) {
      expect(
        (await who.browser.get("/organization/list-invitations", { query: { organizationId: r.org.id } }))
          .status,
      ).toBe(200);
      expect((await who.browser.get<unknown[]>("/organization/list")).data).toHaveLength(1);
      await who.browser.post("/organization/set-active", { organizationId: r.org.id });
      expect((await who.browser.get<{ userId: string }>("/organization/get-active-member")).data.userId).toBe(
        who.user.id,
      );
    }
    const outsider = await r.outsider.browser.get("/organization/list-invitations", {
      query: { organizationId: r.org.id },
    });
    expect(failure(outsider)).toEqual(NOT_MEMBER);
    expect((await r.outsider.browser.get<unknown[]>("/organization/list")).data).toEqual([]);
  });
});
