import { describe, expect, it } from "vitest";
import { createAuthClient } from "../../../src/client";
import { organization } from "../../../src/plugins/organization";
import { organizationClient } from "../../../src/plugins/organization/client";
import { createTestAuth, createTestFetch } from "../../../src/testing";
import { failure, setupOrg, unique } from "./helpers";

type OrgBody = { id: string; slug: string; name: string; members?: unknown };
type TeamBody = { id: string; name: string; organizationId: string };

describe("GET /organization/get-organization (better-auth O5)", () => {
  it("the active organization, or by id or slug; null without one; members only", async () => {
    const s = setupOrg();
    const r = await s.roster();
    const active = await r.member.browser.get<OrgBody>("/organization/get-organization");
    expect(active.data).toMatchObject({ id: r.org.id, slug: r.org.slug, name: "Acme" });
    expect(active.data.members).toBeUndefined();
    const bySlug = await r.member.browser.get<OrgBody>("/organization/get-organization", {
      query: { organizationSlug: r.org.slug },
    });
    expect(bySlug.data.id).toBe(r.org.id);
    const none = await r.outsider.browser.get("/organization/get-organization");
    expect([none.status, none.data]).toEqual([200, null]);
    expect(
      failure(
        await r.outsider.browser.get("/organization/get-organization", {
          query: { organizationId: r.org.id },
        }),
      ),
    ).toEqual({ status: 403, code: "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION" });
    expect(
      failure(
        await r.member.browser.get("/organization/get-organization", { query: { organizationId: "nope" } }),
      ),
    ).toEqual({ status: 400, code: "ORGANIZATION_NOT_FOUND" });
    expect(failure(await s.browser().get("/organization/get-organization"))).toEqual({
      status: 401,
      code: "UNAUTHORIZED",
    });
  });

  it("a caller removed from their active organization is refused and the active organization is cleared", async () => {
    const s = setupOrg();
    const r = await s.roster();
    await r.owner.browser.post("/organization/remove-member", { memberIdOrEmail: r.ids.member });
    await s.auth.$context.adapter.updateMany({
      model: "session",
      where: [{ field: "userId", value: r.member.user.id }],
      update: { activeOrganizationId: r.org.id },
    });
    expect(failure(await r.member.browser.get("/organization/get-organization"))).toEqual({
      status: 403,
      code: "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION",
    });
    expect((await s.sessionOf(r.member))?.activeOrganizationId).toBeNull();
  });
});

describe("GET /organization/get-active-member-role (better-auth O20)", () => {
  it("the caller's role, or another member's; errors per HTTP-SURFACE", async () => {
    const s = setupOrg();
    const r = await s.roster();
    expect((await r.admin.browser.get("/organization/get-active-member-role")).data).toEqual({
      role: "admin",
    });
    const owners = await r.member.browser.get("/organization/get-active-member-role", {
      query: { userId: r.owner.user.id },
    });
    expect(owners.data).toEqual({ role: "owner" });
    const bySlug = await r.member.browser.get("/organization/get-active-member-role", {
      query: { organizationSlug: r.org.slug },
    });
    expect(bySlug.data).toEqual({ role: "member" });
    expect(failure(await r.outsider.browser.get("/organization/get-active-member-role"))).toEqual({
      status: 400,
      code: "NO_ACTIVE_ORGANIZATION",
    });
    expect(
      failure(
        await r.outsider.browser.get("/organization/get-active-member-role", {
          query: { organizationId: r.org.id },
        }),
      ),
    ).toEqual({ status: 403, code: "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION" });
    expect(
      failure(
        await r.member.browser.get("/organization/get-active-member-role", {
          query: { userId: r.outsider.user.id },
        }),
      ),
    ).toEqual({ status: 400, code: "USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION" });
    expect(
      failure(
        await r.member.browser.get("/organization/get-active-member-role", {
          query: { organizationSlug: "nope" },
        }),
      ),
    ).toEqual({ status: 400, code: "ORGANIZATION_NOT_FOUND" });
  });
});

describe("GET /organization/list-user-teams (better-auth O28)", () => {
  it("own teams across organizations; another member's teams need member:update", async () => {
    const s = setupOrg({ teams: { enabled: true, defaultTeam: { enabled: false } } });
    const r = await s.roster();
    const core = await r.owner.browser.post<TeamBody>("/organization/create-team", { name: "Core" });
    const ops = await r.owner.browser.post<TeamBody>("/organization/create-team", { name: "Ops" });
    const second = await s.createOrg(r.member);
    const own = await r.member.browser.post<TeamBody>("/organization/create-team", {
      name: "Mine",
      organizationId: second.id,
    });
    for (const teamId of [core.data.id, ops.data.id]) {
      await r.owner.browser.post("/organization/add-team-member", { teamId, userId: r.member.user.id });
    }
    await r.member.browser.post("/organization/add-team-member", {
      teamId: own.data.id,
      userId: r.member.user.id,
    });

    const mine = await r.member.browser.get<TeamBody[]>("/organization/list-user-teams");
    expect(mine.data.map((t) => t.name).sort()).toEqual(["Core", "Mine", "Ops"]);
    const scoped = await r.member.browser.get<TeamBody[]>("/organization/list-user-teams", {
      query: { organizationId: second.id },
    });
    expect(scoped.data.map((t) => t.name)).toEqual(["Mine"]);

    const theirs = await r.admin.browser.get<TeamBody[]>("/organization/list-user-teams", {
      query: { userId: r.member.user.id, organizationId: r.org.id },
    });
    expect(theirs.data.map((t) => t.name)).toEqual(["Core", "Ops"]);
    expect(
      failure(
        await r.member.browser.get("/organization/list-user-teams", {
          query: { userId: r.admin.user.id, organizationId: r.org.id },
        }),
      ),
    ).toEqual({ status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER" });
    expect(
      failure(
        await r.outsider.browser.get("/organization/list-user-teams", {
          query: { userId: r.member.user.id, organizationId: r.org.id },
        }),
      ),
    ).toEqual({ status: 403, code: "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION" });
    expect(
      failure(
        await r.admin.browser.get("/organization/list-user-teams", {
          query: { userId: r.outsider.user.id, organizationId: r.org.id },
        }),
      ),
    ).toEqual({ status: 400, code: "USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION" });
    expect(
      failure(
        await r.outsider.browser.get("/organization/list-user-teams", {
          query: { userId: r.member.user.id },
        }),
      ),
    ).toEqual({ status: 400, code: "NO_ACTIVE_ORGANIZATION" });
    expect((await r.outsider.browser.get("/organization/list-user-teams")).data).toEqual([]);
  });
});

describe("client methods", () => {
  it("organization.getOrganization, getActiveMemberRole, listUserTeams", async () => {
    // Literal options, so the client's types include the team routes.
    const s = createTestAuth({
      emailAndPassword: { enabled: true },
      plugins: [organization({ teams: { enabled: true } })],
    });
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
    const slug = unique("acme");
    await client.organization.create({ name: "Acme", slug });
    expect((await client.organization.getOrganization()).data?.slug).toBe(slug);
    expect((await client.organization.getActiveMemberRole()).data).toEqual({ role: "owner" });
    expect((await client.organization.listUserTeams()).data?.map((t) => t.name)).toEqual(["Acme"]);
  });
});
