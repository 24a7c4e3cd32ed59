import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAdapter } from "../../src/adapters/kysely/index";
import { migrate } from "../../src/db/migrate";
import { serviceAvailable } from "../helpers/services";
import { failure, type Org, setupOrg } from "../plugins/organization/helpers";
import {
  concurrentAccepts,
  concurrentDemotions,
  concurrentLeaves,
  concurrentMixed,
  concurrentRemovals,
  doubleAccept,
} from "../plugins/organization/scenarios";
import { randomPrefix, tablesOf } from "./kysely-helpers";

const available = await serviceAvailable("postgres");
const url = process.env.GATEHOUSE_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The organization plugin's main flows and its owner-concurrency guarantee on a real PostgreSQL
 * (Kysely adapter), where concurrent transactions really overlap: the organization row lock and
 * the `ownerCount` guard are what keep an owner.
 */
describe.skipIf(!available)("organization plugin on PostgreSQL", () => {
  const tablePrefix = randomPrefix("gh_org_");
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  const database = postgresAdapter(pool, { tablePrefix });
  const s = setupOrg({ teams: { enabled: true } }, { database });
  const limited = setupOrg({ membershipLimit: 2 }, { database });

  beforeAll(async () => {
    await migrate(s.auth);
  });

  afterAll(async () => {
    const tables = tablesOf(s.auth.$context.schema, { tablePrefix });
    await pool.query(`DROP TABLE IF EXISTS ${tables.map(quote).join(", ")} CASCADE`);
    await database.close?.();
  });

  it("creates, invites, accepts, changes roles, lists, removes and deletes", async () => {
    const [owner, ann, bob] = await Promise.all([s.person("owner"), s.person("ann"), s.person("bob")]);
    const org = await s.createOrg(owner, { metadata: { plan: "pro" } });
    expect(org.metadata).toEqual({ plan: "pro" });
    expect(org.members[0]).toMatchObject({ role: "owner", userId: owner.user.id });
    expect(
      failure(await owner.browser.post("/organization/create", { name: "Dup", slug: org.slug })),
    ).toEqual({
      status: 400,
      code: "ORGANIZATION_ALREADY_EXISTS",
    });

    for (const p of [ann, bob]) {
      const invite = await owner.browser.post<{ id: string }>("/organization/invite-member", {
        email: p.email.toUpperCase(),
        role: "member",
      });
      const accepted = await p.browser.post("/organization/accept-invitation", {
        invitationId: invite.data.id,
      });
      expect(accepted.status).toBe(200);
      expect((await s.sessionOf(p))?.activeOrganizationId).toBe(org.id);
    }
    const annMember = await ann.browser.get<{ id: string }>("/organization/get-active-member");
    const roles = await owner.browser.post<{ role: string }>("/organization/update-member-role", {
      memberId: annMember.data.id,
      role: ["admin", "member"],
    });
    expect(roles.data.role).toBe("admin,member");
    const admins = await bob.browser.get<{ members: { id: string }[]; total: number }>(
      "/organization/list-members",
      {
        query: { filterField: "role", filterValue: "admin" },
      },
    );
    expect(admins.data.members.map((m) => m.id)).toEqual([annMember.data.id]);
    const full = await bob.browser.get<Org & { members: unknown[]; teams: unknown[] }>(
      "/organization/get-full-organization",
    );
    expect(full.data.metadata).toEqual({ plan: "pro" });
    expect(full.data.members).toHaveLength(3);
    expect(full.data.teams).toHaveLength(1);

    const team = await ann.browser.post<{ id: string }>("/organization/create-team", { name: "Red" });
    await ann.browser.post("/organization/add-team-member", { teamId: team.data.id, userId: bob.user.id });
    expect((await bob.browser.post("/organization/set-active-team", { teamId: team.data.id })).status).toBe(
      200,
    );

    expect(
      (await ann.browser.post("/organization/remove-member", { memberIdOrEmail: bob.email })).status,
    ).toBe(200);
    expect(await s.sessionOf(bob)).toMatchObject({ activeOrganizationId: null, activeTeamId: null });
    expect(failure(await owner.browser.post("/organization/leave", { organizationId: org.id }))).toEqual({
      status: 400,
      code: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER",
    });
    expect((await ann.browser.post("/organization/delete", { organizationId: org.id })).status).toBe(403);
    expect((await owner.browser.post("/organization/delete", { organizationId: org.id })).status).toBe(200);
    expect((await s.sessionOf(ann))?.activeOrganizationId).toBeNull();
    expect((await ann.browser.get<unknown[]>("/organization/list")).data).toEqual([]);
  });

  it("expires invitations after 172800 s", async () => {
    const [owner, ann] = await Promise.all([s.person("owner"), s.person("ann")]);
    await s.createOrg(owner);
    const invite = await owner.browser.post<{ id: string }>("/organization/invite-member", {
      email: ann.email,
      role: "member",
    });
    s.time.advance(172_800_000);
    expect(
      failure(await ann.browser.post("/organization/accept-invitation", { invitationId: invite.data.id })),
    ).toEqual({
      status: 400,
      code: "INVITATION_NOT_FOUND",
    });
  });

  it("all owners leave at once: exactly one stays", () => concurrentLeaves(s, 8));
  it("owners remove each other at once: an owner stays", () => concurrentRemovals(s, 8));
  it("all owners demote themselves at once: exactly one stays an owner", () => concurrentDemotions(s, 8));
  it("leaves, removals and demotions at once: an owner remains, the counter is exact", () =>
    concurrentMixed(s, 12));
  it("two users accept with room for one: exactly one joins", () => concurrentAccepts(limited));
  it("one invitation accepted twice at once: one membership", () => doubleAccept(s));
});
