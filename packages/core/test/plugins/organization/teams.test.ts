import { describe, expect, expectTypeOf, it } from "vitest";
import { type OrganizationOptions, organization } from "../../../src/plugins/organization";
import { createTestAuth } from "../../../src/testing";
import { failure, setupOrg } from "./helpers";

interface TeamBody {
  id: string;
  name: string;
  organizationId: string;
  createdAt: string;
  updatedAt?: string | null;
}

const withTeams = (teams: OrganizationOptions["teams"] = {}) =>
  setupOrg({ teams: { enabled: true, ...teams } });

async function teamRoster(teams: OrganizationOptions["teams"] = {}) {
  const s = withTeams(teams);
  const r = await s.roster();
  const list = await r.owner.browser.get<TeamBody[]>("/organization/list-teams");
  return { s, r, defaultTeam: list.data[0]! };
}

describe("teams", () => {
  it("are routed only when enabled", async () => {
    const s = setupOrg();
    const owner = await s.person();
    await s.createOrg(owner);
    expect((await owner.browser.post("/organization/create-team", { name: "x" })).status).toBe(404);
    expect((await owner.browser.get("/organization/list-teams")).status).toBe(404);
  });

  it("a new organization gets a default team with its creator, active on the session", async () => {
    const s = withTeams();
    const owner = await s.person();
    const org = await s.createOrg(owner);
    const teams = await owner.browser.get<TeamBody[]>("/organization/list-teams");
    expect(teams.data).toEqual([expect.objectContaining({ name: "Acme", organizationId: org.id })]);
    expect((await s.sessionOf(owner))?.activeTeamId).toBe(teams.data[0]!.id);
    const members = await owner.browser.get<{ userId: string }[]>("/organization/list-team-members");
    expect(members.data.map((m) => m.userId)).toEqual([owner.user.id]);
    const full = await owner.browser.get<{ teams: TeamBody[] }>("/organization/get-full-organization");
    expect(full.data.teams).toHaveLength(1);

    const none = withTeams({ defaultTeam: { enabled: false } });
    const o2 = await none.person();
    await none.createOrg(o2);
    expect((await o2.browser.get<TeamBody[]>("/organization/list-teams")).data).toEqual([]);
  });

  it("create-team: team:create, a name of at least 1 character, the team limit", async () => {
    const { r } = await teamRoster({ maximumTeams: 3 });
    expect(
      (await r.owner.browser.post<TeamBody>("/organization/create-team", { name: "Red" })).data.name,
    ).toBe("Red");
    expect((await r.admin.browser.post<TeamBody>("/organization/create-team", { name: "Blue" })).status).toBe(
      200,
    );
    expect(failure(await r.member.browser.post("/organization/create-team", { name: "Green" }))).toEqual({
      status: 403,
      code: "YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION",
    });
    expect(
      failure(
        await r.outsider.browser.post("/organization/create-team", {
          name: "Green",
          organizationId: r.org.id,
        }),
      ),
    ).toEqual({ status: 403, code: "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION" });
    expect(failure(await r.owner.browser.post("/organization/create-team", { name: "" }))).toEqual({
      status: 400,
      code: "INVALID_BODY_PARAMETERS",
    });
    expect(failure(await r.owner.browser.post("/organization/create-team", { name: "Fourth" }))).toEqual({
      status: 400,
      code: "YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS",
    });
    expect((await r.member.browser.get<TeamBody[]>("/organization/list-teams")).data).toHaveLength(3);
    expect(
      failure(
        await r.outsider.browser.get("/organization/list-teams", { query: { organizationId: r.org.id } }),
      ),
    ).toEqual({ status: 403, code: "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION" });
  });

  it("update-team: team:update, a name of at least 1 character", async () => {
    const { r, defaultTeam } = await teamRoster();
    const renamed = await r.admin.browser.post<TeamBody>("/organization/update-team", {
      teamId: defaultTeam.id,
      data: { name: "Core" },
    });
    expect(renamed.data).toMatchObject({ id: defaultTeam.id, name: "Core" });
    expect(renamed.data.updatedAt).toBeTruthy();
    const DENIED = { status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM" };
    expect(
      failure(
        await r.member.browser.post("/organization/update-team", {
          teamId: defaultTeam.id,
          data: { name: "X" },
        }),
      ),
    ).toEqual(DENIED);
    expect(
      failure(
        await r.outsider.browser.post("/organization/update-team", {
          teamId: defaultTeam.id,
          data: { name: "X" },
        }),
      ),
    ).toEqual(DENIED);
    expect(
      failure(
        await r.owner.browser.post("/organization/update-team", {
          teamId: defaultTeam.id,
          data: { name: "" },
        }),
      ),
    ).toEqual({
      status: 400,
      code: "INVALID_BODY_PARAMETERS",
    });
    expect(
      failure(
        await r.owner.browser.post("/organization/update-team", { teamId: "nope", data: { name: "X" } }),
      ),
    ).toEqual({
      status: 400,
      code: "TEAM_NOT_FOUND",
    });
  });

  it("remove-team: team:delete; the last team stays; memberships, invitations and active sessions are cleaned", async () => {
    const { s, r, defaultTeam } = await teamRoster();
    expect(
      failure(await r.owner.browser.post("/organization/remove-team", { teamId: defaultTeam.id })),
    ).toEqual({
      status: 400,
      code: "UNABLE_TO_REMOVE_LAST_TEAM",
    });
    const extra = await r.owner.browser.post<TeamBody>("/organization/create-team", { name: "Extra" });
    await r.owner.browser.post("/organization/add-team-member", {
      teamId: extra.data.id,
      userId: r.member.user.id,
    });
    await r.member.browser.post("/organization/set-active-team", { teamId: extra.data.id });
    const invite = await r.owner.browser.post<{ id: string }>("/organization/invite-member", {
      email: "later@example.com",
      role: "member",
      teamId: extra.data.id,
    });
    expect(
      failure(await r.member.browser.post("/organization/remove-team", { teamId: extra.data.id })),
    ).toEqual({
      status: 403,
      code: "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM",
    });
    const removed = await r.admin.browser.post("/organization/remove-team", {
      teamId: extra.data.id,
      organizationId: r.org.id,
    });
    expect(removed.data).toEqual({ message: "Team removed successfully." });
    expect((await s.sessionOf(r.member))?.activeTeamId).toBeNull();
    const adapter = s.auth.$context.adapter;
    expect(
      await adapter.count({ model: "teamMember", where: [{ field: "teamId", value: extra.data.id }] }),
    ).toBe(0);
    const stored = await adapter.findOne<{ teamId: string | null }>({
      model: "invitation",
      where: [{ field: "id", value: invite.data.id }],
    });
    expect(stored?.teamId).toBeNull();
    expect(
      failure(await r.owner.browser.post("/organization/remove-team", { teamId: extra.data.id })),
    ).toEqual({
      status: 400,
      code: "TEAM_NOT_FOUND",
    });

    const all = await teamRoster({ allowRemovingAllTeams: true });
    const res = await all.r.owner.browser.post("/organization/remove-team", { teamId: all.defaultTeam.id });
    expect(res.status).toBe(200);
    expect((await all.s.sessionOf(all.r.owner))?.activeTeamId).toBeNull();
  });

  it("add and remove team members: member:update / member:delete, organization members only, the team limit", async () => {
    const { r, defaultTeam } = await teamRoster({ maximumMembersPerTeam: 2 });
    const add = (who: typeof r.owner, userId: string) =>
      who.browser.post("/organization/add-team-member", { teamId: defaultTeam.id, userId });
    expect(failure(await add(r.member, r.admin.user.id))).toEqual({
      status: 403,
      code: "YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_MEMBER",
    });
    expect(failure(await add(r.owner, r.outsider.user.id))).toEqual({
      status: 400,
      code: "USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION",
    });
    const added = await add(r.admin, r.admin.user.id);
    expect(added.data).toMatchObject({ teamId: defaultTeam.id, userId: r.admin.user.id });
    expect(failure(await add(r.owner, r.admin.user.id))).toEqual({
      status: 400,
      code: "USER_IS_ALREADY_A_MEMBER_OF_THIS_TEAM",
    });
    expect(failure(await add(r.owner, r.member.user.id))).toEqual({
      status: 403,
      code: "TEAM_MEMBER_LIMIT_REACHED",
    });

    const remove = (who: typeof r.owner, userId: string) =>
      who.browser.post("/organization/remove-team-member", { teamId: defaultTeam.id, userId });
    expect(failure(await remove(r.member, r.admin.user.id))).toEqual({
      status: 403,
      code: "YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER",
    });
    expect((await remove(r.owner, r.admin.user.id)).data).toEqual({
      message: "Team member removed successfully.",
    });
    expect(failure(await remove(r.owner, r.admin.user.id))).toEqual({
      status: 400,
      code: "USER_IS_NOT_A_MEMBER_OF_THE_TEAM",
    });
    expect((await remove(r.owner, r.owner.user.id)).status).toBe(200);
    expect(
      failure(
        await r.owner.browser.post("/organization/add-team-member", {
          teamId: "nope",
          userId: r.owner.user.id,
        }),
      ),
    ).toEqual({
      status: 400,
      code: "TEAM_NOT_FOUND",
    });
  });

  it("set-active-team and list-team-members", async () => {
    const { s, r, defaultTeam } = await teamRoster();
    expect(
      failure(await r.member.browser.post("/organization/set-active-team", { teamId: defaultTeam.id })),
    ).toEqual({
      status: 400,
      code: "USER_IS_NOT_A_MEMBER_OF_THE_TEAM",
    });
    expect(failure(await r.member.browser.get("/organization/list-team-members"))).toEqual({
      status: 400,
      code: "YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM",
    });
    await r.owner.browser.post("/organization/add-team-member", {
      teamId: defaultTeam.id,
      userId: r.member.user.id,
    });
    const active = await r.member.browser.post<TeamBody>("/organization/set-active-team", {
      teamId: defaultTeam.id,
    });
    expect(active.data.id).toBe(defaultTeam.id);
    expect((await s.sessionOf(r.member))?.activeTeamId).toBe(defaultTeam.id);
    const members = await r.member.browser.get<{ userId: string }[]>("/organization/list-team-members");
    expect(members.data.map((m) => m.userId).sort()).toEqual([r.owner.user.id, r.member.user.id].sort());
    expect(
      failure(
        await r.outsider.browser.get("/organization/list-team-members", {
          query: { teamId: defaultTeam.id },
        }),
      ),
    ).toEqual({ status: 403, code: "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION" });
    expect((await r.member.browser.post("/organization/set-active-team", { teamId: null })).data).toBeNull();
    expect((await s.sessionOf(r.member))?.activeTeamId).toBeNull();
    // Leaving the organization removes its team memberships.
    await r.member.browser.post("/organization/leave", { organizationId: r.org.id });
    const after = await r.owner.browser.get<{ userId: string }[]>("/organization/list-team-members", {
      query: { teamId: defaultTeam.id },
    });
    expect(after.data.map((m) => m.userId)).toEqual([r.owner.user.id]);
  });

  it("an invitation into a team adds the member to it and makes it active; the team limit applies at accept", async () => {
    const { s, r, defaultTeam } = await teamRoster({ maximumMembersPerTeam: 2 });
    const [ann, bob] = await Promise.all([s.person("ann"), s.person("bob")]);
    const forAnn = await r.owner.browser.post<{ id: string }>("/organization/invite-member", {
      email: ann.email,
      role: "member",
      teamId: defaultTeam.id,
    });
    const forBob = await r.owner.browser.post<{ id: string }>("/organization/invite-member", {
      email: bob.email,
      role: "member",
      teamId: defaultTeam.id,
    });
    expect(
      (await ann.browser.post("/organization/accept-invitation", { invitationId: forAnn.data.id })).status,
    ).toBe(200);
    expect(await s.sessionOf(ann)).toMatchObject({
      activeOrganizationId: r.org.id,
      activeTeamId: defaultTeam.id,
    });
    expect(
      failure(await bob.browser.post("/organization/accept-invitation", { invitationId: forBob.data.id })),
    ).toEqual({
      status: 403,
      code: "TEAM_MEMBER_LIMIT_REACHED",
    });
    // The refused accept changed nothing.
    expect((await r.owner.browser.get<{ total: number }>("/organization/list-members")).data.total).toBe(4);
    expect(
      failure(
        await r.owner.browser.post("/organization/invite-member", {
          email: "x@example.com",
          role: "member",
          teamId: "nope",
        }),
      ),
    ).toEqual({ status: 400, code: "TEAM_NOT_FOUND" });
  });
});

describe("team endpoint types", () => {
  it("auth.api has the team endpoints only with teams enabled", () => {
    const on = createTestAuth({ plugins: [organization({ teams: { enabled: true } })] });
    expectTypeOf(on.auth.api).toHaveProperty("createTeam");
    expect(typeof on.auth.api.createTeam).toBe("function");
    const off = createTestAuth({ plugins: [organization()] });
    expectTypeOf(off.auth.api).not.toHaveProperty("createTeam");
    expect("createTeam" in off.auth.api).toBe(false);
  });
});
