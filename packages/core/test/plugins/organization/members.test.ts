import { describe, expect, it } from "vitest";
import { memoryStorage } from "../../../src/storage/secondary-storage";
import { failure, setupOrg } from "./helpers";

interface MemberBody {
  id: string;
  userId: string;
  role: string;
  organizationId: string;
  user?: { id: string; name: string; email: string; image: string | null };
}

describe("members: get-active-member and list-members", () => {
  it("get-active-member returns the membership with its user; errors without an active organization or membership", async () => {
    const s = setupOrg();
    const r = await s.roster();
    const res = await r.admin.browser.get<MemberBody>("/organization/get-active-member");
    expect(res.data).toMatchObject({ id: r.ids.admin, role: "admin", organizationId: r.org.id });
    expect(res.data.user).toEqual({ id: r.admin.user.id, name: "admin", email: r.admin.email, image: null });
    expect(failure(await r.outsider.browser.get("/organization/get-active-member"))).toEqual({
      status: 400,
      code: "NO_ACTIVE_ORGANIZATION",
    });
    await s.auth.$context.adapter.updateMany({
      model: "session",
      where: [{ field: "userId", value: r.outsider.user.id }],
      update: { activeOrganizationId: r.org.id },
    });
    expect(failure(await r.outsider.browser.get("/organization/get-active-member"))).toEqual({
      status: 400,
      code: "MEMBER_NOT_FOUND",
    });
    expect(failure(await s.browser().get("/organization/get-active-member"))).toEqual({
      status: 401,
      code: "UNAUTHORIZED",
    });
  });

  it("list-members: total, pagination, sorting and filters (a role filter matches one of several roles)", async () => {
    const s = setupOrg();
    const r = await s.roster();
    await r.owner.browser.post("/organization/update-member-role", {
      memberId: r.ids.member,
      role: ["member", "admin"],
    });
    type List = { members: MemberBody[]; total: number };
    const all = await r.member.browser.get<List>("/organization/list-members");
    expect(all.data.total).toBe(3);
    expect(all.data.members.map((m) => m.user?.email)).toEqual([
      r.owner.email,
      r.admin.email,
      r.member.email,
    ]);
    const page = await r.member.browser.get<List>("/organization/list-members", {
      query: { limit: "1", offset: "1", sortBy: "createdAt", sortDirection: "desc" },
    });
    expect(page.data.total).toBe(3);
    expect(page.data.members.map((m) => m.id)).toEqual([r.ids.admin]);
    const admins = await r.member.browser.get<List>("/organization/list-members", {
      query: { filterField: "role", filterOperator: "eq", filterValue: "admin" },
    });
    expect(admins.data.members.map((m) => m.id).sort()).toEqual([r.ids.admin, r.ids.member].sort());
    expect(admins.data.total).toBe(2);
    const notAdmins = await r.member.browser.get<List>("/organization/list-members", {
      query: { filterField: "role", filterOperator: "ne", filterValue: "admin" },
    });
    expect(notAdmins.data.members.map((m) => m.id)).toEqual([r.ids.owner]);
    const byUser = await r.member.browser.get<List>("/organization/list-members", {
      query: { filterField: "userId", filterValue: r.admin.user.id, organizationId: r.org.id },
    });
    expect(byUser.data.members.map((m) => m.id)).toEqual([r.ids.admin]);
    const bySlug = await r.member.browser.get<List>("/organization/list-members", {
      query: { organizationSlug: r.org.slug },
    });
    expect(bySlug.data.total).toBe(3);
    expect(
      failure(
        await r.member.browser.get("/organization/list-members", {
          query: { filterField: "password", filterValue: "x" },
        }),
      ),
    ).toEqual({ status: 400, code: "INVALID_QUERY_PARAMETERS" });
    expect(
      failure(
        await r.outsider.browser.get("/organization/list-members", { query: { organizationId: r.org.id } }),
      ),
    ).toEqual({ status: 403, code: "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION" });
  });
});

describe("members: add-member (server only)", () => {
  it("is not routed over HTTP; the server adds users with roles", async () => {
    const s = setupOrg({ membershipLimit: 3 });
    const [owner, ann, bob] = await Promise.all([s.person(), s.person("ann"), s.person("bob")]);
    const org = await s.createOrg(owner);
    const http = await owner.browser.post("/organization/add-member", {
      userId: ann.user.id,
      role: "member",
    });
    expect(http.status).toBe(404);
    const member = await s.auth.api.addMember({
      body: { userId: ann.user.id, role: ["admin", "member"], organizationId: org.id },
    });
    expect(member).toMatchObject({ userId: ann.user.id, role: "admin,member", organizationId: org.id });
    await expect(
      s.auth.api.addMember({ body: { userId: ann.user.id, role: "member", organizationId: org.id } }),
    ).rejects.toMatchObject({
      statusCode: 400,
      body: { code: "USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION" },
    });
    await expect(
      s.auth.api.addMember({ body: { userId: "missing", role: "member", organizationId: org.id } }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      s.auth.api.addMember({ body: { userId: bob.user.id, role: "ghost", organizationId: org.id } }),
    ).rejects.toMatchObject({ statusCode: 400, body: { code: "ROLE_NOT_FOUND" } });
    await expect(
      s.auth.api.addMember({
        body: { userId: bob.user.id, role: "member", organizationId: org.id, teamId: "t" },
      }),
    ).rejects.toMatchObject({ statusCode: 400, body: { code: "TEAMS_ARE_NOT_ENABLED" } });
    await expect(
      s.auth.api.addMember({ body: { userId: bob.user.id, role: "member", organizationId: "missing" } }),
    ).rejects.toMatchObject({ statusCode: 400, body: { code: "ORGANIZATION_NOT_FOUND" } });
    await s.auth.api.addMember({ body: { userId: bob.user.id, role: "member", organizationId: org.id } });
    const carl = await s.person("carl");
    await expect(
      s.auth.api.addMember({ body: { userId: carl.user.id, role: "member", organizationId: org.id } }),
    ).rejects.toMatchObject({ statusCode: 403, body: { code: "ORGANIZATION_MEMBERSHIP_LIMIT_REACHED" } });
    await expect(
      s.auth.api.addMember({ body: { userId: carl.user.id, role: "member" } }),
    ).rejects.toMatchObject({
      statusCode: 400,
      body: { code: "NO_ACTIVE_ORGANIZATION" },
    });
  });
});

describe("members: update-member-role", () => {
  it("stores several roles in the comma form and as matchable role rows", async () => {
    const s = setupOrg();
    const r = await s.roster();
    const res = await r.admin.browser.post<MemberBody>("/organization/update-member-role", {
      memberId: r.ids.member,
      role: ["member", "admin"],
    });
    expect(res.data).toMatchObject({ id: r.ids.member, role: "member,admin" });
    const adapter = s.auth.$context.adapter;
    const admins = await adapter.count({
      model: "memberRole",
      where: [
        { field: "organizationId", value: r.org.id },
        { field: "role", value: "admin" },
      ],
    });
    expect(admins).toBe(2);
    const back = await r.admin.browser.post<MemberBody>("/organization/update-member-role", {
      memberId: r.ids.member,
      role: "member",
    });
    expect(back.data.role).toBe("member");
    expect(
      await adapter.count({ model: "memberRole", where: [{ field: "memberId", value: r.ids.member }] }),
    ).toBe(1);
  });

  it("only an owner touches owners; the last owner cannot be demoted", async () => {
    const s = setupOrg();
    const r = await s.roster();
    const promote = await r.admin.browser.post("/organization/update-member-role", {
      memberId: r.ids.member,
      role: "owner",
    });
    expect(failure(promote)).toEqual({ status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER" });
    const demoteOwner = await r.admin.browser.post("/organization/update-member-role", {
      memberId: r.ids.owner,
      role: "member",
    });
    expect(failure(demoteOwner)).toEqual({ status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER" });
    const lastOwner = await r.owner.browser.post("/organization/update-member-role", {
      memberId: r.ids.owner,
      role: "admin",
    });
    expect(failure(lastOwner)).toEqual({
      status: 400,
      code: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER",
    });
    // Keeping owner among several roles is fine.
    expect(
      (
        await r.owner.browser.post("/organization/update-member-role", {
          memberId: r.ids.owner,
          role: "owner,admin",
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await r.owner.browser.post("/organization/update-member-role", {
          memberId: r.ids.admin,
          role: "owner",
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await r.owner.browser.post("/organization/update-member-role", {
          memberId: r.ids.owner,
          role: "member",
        })
      ).status,
    ).toBe(200);
    expect(
      failure(
        await r.admin.browser.post("/organization/update-member-role", {
          memberId: r.ids.admin,
          role: "member",
        }),
      ),
    ).toEqual({ status: 400, code: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER" });
    expect(
      failure(
        await r.admin.browser.post("/organization/update-member-role", { memberId: "nope", role: "member" }),
      ),
    ).toEqual({
      status: 400,
      code: "MEMBER_NOT_FOUND",
    });
    expect(
      failure(
        await r.admin.browser.post("/organization/update-member-role", { memberId: r.ids.member, role: [] }),
      ),
    ).toEqual({
      status: 400,
      code: "INVALID_BODY_PARAMETERS",
    });
  });
});

describe("members: remove-member and leave", () => {
  it("removes by id or email; the removed user's sessions lose the active organization", async () => {
    const s = setupOrg();
    const r = await s.roster();
    const second = s.browser();
    await second.post("/sign-in/email", { email: r.member.email, password: "correct-horse-battery" });
    await second.post("/organization/set-active", { organizationId: r.org.id });
    const other = await s.createOrg(r.member, { keepCurrentActiveOrganization: true });
    expect((await s.sessionOf(r.member))?.activeOrganizationId).toBe(r.org.id);

    const res = await r.admin.browser.post<{ member: MemberBody }>("/organization/remove-member", {
      memberIdOrEmail: r.member.email.toUpperCase(),
    });
    expect(res.status).toBe(200);
    expect(res.data.member).toMatchObject({ id: r.ids.member, userId: r.member.user.id });
    expect((await s.sessionOf(r.member))?.activeOrganizationId).toBeNull();
    const secondSession = await second.get<{ session: Record<string, unknown> }>("/get-session");
    expect(secondSession.data.session.activeOrganizationId).toBeNull();
    // Sessions active in another organization keep it.
    await r.member.browser.post("/organization/set-active", { organizationId: other.id });
    const byId = await r.owner.browser.post("/organization/remove-member", { memberIdOrEmail: r.ids.admin });
    expect(byId.status).toBe(200);
    expect((await s.sessionOf(r.member))?.activeOrganizationId).toBe(other.id);
    expect(
      failure(await r.owner.browser.post("/organization/remove-member", { memberIdOrEmail: r.ids.admin })),
    ).toEqual({
      status: 400,
      code: "MEMBER_NOT_FOUND",
    });
    expect(
      failure(
        await r.owner.browser.post("/organization/remove-member", { memberIdOrEmail: "nobody@example.com" }),
      ),
    ).toEqual({ status: 400, code: "MEMBER_NOT_FOUND" });
  });

  it("the last owner cannot be removed; only owners remove owners; members may remove themselves", async () => {
    const s = setupOrg();
    const r = await s.roster();
    const self = await r.owner.browser.post("/organization/remove-member", { memberIdOrEmail: r.ids.owner });
    expect(failure(self)).toEqual({
      status: 400,
      code: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER",
    });
    const byAdmin = await r.admin.browser.post("/organization/remove-member", {
      memberIdOrEmail: r.ids.owner,
    });
    // A signed-in caller never gets 401 (spec section 8): the last owner is 400, as better-auth.
    expect(failure(byAdmin)).toEqual({
      status: 400,
      code: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER",
    });
    await r.owner.browser.post("/organization/update-member-role", { memberId: r.ids.member, role: "owner" });
    const ownerByAdmin = await r.admin.browser.post("/organization/remove-member", {
      memberIdOrEmail: r.ids.owner,
    });
    expect(failure(ownerByAdmin)).toEqual({ status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER" });
    await r.owner.browser.post("/organization/update-member-role", {
      memberId: r.ids.member,
      role: "member",
    });
    await r.owner.browser.post("/organization/update-member-role", { memberId: r.ids.admin, role: "owner" });
    expect(
      (await r.admin.browser.post("/organization/remove-member", { memberIdOrEmail: r.ids.owner })).status,
    ).toBe(200);
    const selfRemoval = await r.member.browser.post("/organization/remove-member", {
      memberIdOrEmail: r.member.email,
    });
    expect(selfRemoval.status).toBe(200);
    expect((await s.sessionOf(r.member))?.activeOrganizationId).toBeNull();
  });

  it("leave clears the active organization (cookie cache included); the only owner cannot leave", async () => {
    const s = setupOrg({}, { session: { cookieCache: { enabled: true } } });
    const r = await s.roster();
    const before = await r.member.browser.get<{ session: Record<string, unknown> }>("/get-session");
    expect(before.data.session.activeOrganizationId).toBe(r.org.id);
    const left = await r.member.browser.post<MemberBody>("/organization/leave", { organizationId: r.org.id });
    expect(left.data).toMatchObject({ id: r.ids.member });
    const cached = await r.member.browser.get<{ session: Record<string, unknown> }>("/get-session");
    expect(cached.data.session.activeOrganizationId).toBeNull();
    expect(failure(await r.member.browser.post("/organization/leave", { organizationId: r.org.id }))).toEqual(
      {
        status: 400,
        code: "MEMBER_NOT_FOUND",
      },
    );
    expect(failure(await r.owner.browser.post("/organization/leave", { organizationId: r.org.id }))).toEqual({
      status: 400,
      code: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER",
    });
    expect(failure(await r.owner.browser.post("/organization/leave", {}))).toEqual({
      status: 400,
      code: "INVALID_BODY_PARAMETERS",
    });
  });

  it("the owner rule counts real owners even when the counter has drifted", async () => {
    const s = setupOrg();
    const r = await s.roster();
    const adapter = s.auth.$context.adapter;
    await adapter.updateMany({
      model: "organization",
      where: [{ field: "id", value: r.org.id }],
      update: { ownerCount: 7 },
    });
    expect(failure(await r.owner.browser.post("/organization/leave", { organizationId: r.org.id }))).toEqual({
      status: 400,
      code: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER",
    });
    // A second owner (the drifted counter goes to 8); leaving heals it to the real count.
    await r.owner.browser.post("/organization/update-member-role", { memberId: r.ids.admin, role: "owner" });
    expect((await r.owner.browser.post("/organization/leave", { organizationId: r.org.id })).status).toBe(
      200,
    );
    const org = await adapter.findOne<{ ownerCount: number }>({
      model: "organization",
      where: [{ field: "id", value: r.org.id }],
    });
    expect(org?.ownerCount).toBe(1);
    expect(failure(await r.admin.browser.post("/organization/leave", { organizationId: r.org.id }))).toEqual({
      status: 400,
      code: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER",
    });
  });
});

describe("active organization with sessions in secondary storage", () => {
  it("removal, team removal and deletion clear the affected sessions in storage", async () => {
    const s = setupOrg({ teams: { enabled: true } }, { secondaryStorage: memoryStorage() });
    const r = await s.roster();
    const second = s.browser();
    await second.post("/sign-in/email", { email: r.member.email, password: "correct-horse-battery" });
    await second.post("/organization/set-active", { organizationId: r.org.id });
    expect((await s.sessionOf(r.member))?.activeOrganizationId).toBe(r.org.id);
    await r.owner.browser.post("/organization/remove-member", { memberIdOrEmail: r.ids.member });
    expect((await s.sessionOf(r.member))?.activeOrganizationId).toBeNull();
    const other = await second.get<{ session: Record<string, unknown> }>("/get-session");
    expect(other.data.session.activeOrganizationId).toBeNull();

    const team = await r.owner.browser.post<{ id: string }>("/organization/create-team", { name: "Blue" });
    await r.owner.browser.post("/organization/add-team-member", {
      teamId: team.data.id,
      userId: r.admin.user.id,
    });
    await r.admin.browser.post("/organization/set-active-team", { teamId: team.data.id });
    await r.owner.browser.post("/organization/remove-team", { teamId: team.data.id });
    expect(await s.sessionOf(r.admin)).toMatchObject({ activeOrganizationId: r.org.id, activeTeamId: null });

    await r.owner.browser.post("/organization/delete", { organizationId: r.org.id });
    for (const p of [r.owner, r.admin]) expect((await s.sessionOf(p))?.activeOrganizationId).toBeNull();
  });
});
