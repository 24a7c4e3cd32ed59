import { describe, expect, it } from "vitest";
import { admin } from "../../src/plugins/admin";
import { adminRoutes } from "../../src/plugins/admin/routes";
import { apiKey } from "../../src/plugins/api-key";
import { apiKeyRoutes } from "../../src/plugins/api-key/routes";
import { organization } from "../../src/plugins/organization";
import { organizationRoutes } from "../../src/plugins/organization/routes";
import { username } from "../../src/plugins/username";
import { usernameRoutes } from "../../src/plugins/username/routes";
import { createTestAuth, type TestBrowser } from "../../src/testing";
import { type SweptRoute as Route, sweepSignedIn } from "../helpers/route-sweep";

const fastHasher = {
  hash: async (password: string) => `plain:${password}`,
  verify: async ({ hash, password }: { hash: string; password: string }) => hash === `plain:${password}`,
};

/**
 * Spec section 8: 401 means "no session". A signed-in caller refused by a rule gets 403 (or the
 * 400 better-auth answers). Every organization, admin and username route is called by a signed-in
 * member without privileges and by a signed-in outsider (API-key routes too), with bodies naming other people's
 * organization, members, invitations and teams; none may answer 401.
 */
describe("organization, admin and username routes: a signed-in caller never gets 401", () => {
  it("sweeps every route with plausible inputs", async () => {
    const t = createTestAuth({
      emailAndPassword: { enabled: true, password: fastHasher },
      plugins: [
        organization({ teams: { enabled: true }, dynamicAccessControl: { enabled: true } }),
        admin(),
        username(),
        apiKey(),
      ],
    });
    const owner = await t.signUp({ email: "owner@example.com", name: "owner" });
    const member = await t.signUp({ email: "member@example.com", name: "member" });
    const outsider = await t.signUp({ email: "outsider@example.com", name: "outsider" });
    const org = await owner.browser.post<{ id: string; members: { id: string }[] }>("/organization/create", {
      name: "Acme",
      slug: "acme",
    });
    const ownerMemberId = org.data.members[0]?.id;
    const team = await owner.browser.post<{ id: string }>("/organization/create-team", { name: "Core" });
    const invite = await owner.browser.post<{ id: string }>("/organization/invite-member", {
      email: member.user.email,
      role: "member",
    });
    await member.browser.post("/organization/accept-invitation", { invitationId: invite.data.id });
    const other = await owner.browser.post<{ id: string }>("/organization/invite-member", {
      email: "someone@example.com",
      role: "member",
    });
    await owner.browser.post("/organization/create-role", {
      role: "auditor",
      permission: { member: ["update"] },
    });
    const input = {
      organizationId: org.data.id,
      memberIdOrEmail: ownerMemberId,
      memberId: ownerMemberId,
      userId: owner.user.id,
      id: other.data.id,
      invitationId: other.data.id,
      teamId: team.data.id,
      role: "admin",
      roleName: "auditor",
      permission: { member: ["delete"] },
      permissions: { member: ["delete"] },
      data: { name: "Renamed", permission: { member: ["delete"] } },
      email: "new@example.com",
      password: "password-1234",
      newPassword: "password-1234",
      name: "Someone",
      slug: "acme",
      sessionToken: "x",
      username: "someone",
    };
    const routes: [string, Route][] = [
      ...Object.entries(organizationRoutes),
      ...Object.entries(adminRoutes),
      ...Object.entries(usernameRoutes).filter(([name]) => name !== "signInUsername"),
      ...Object.entries(apiKeyRoutes),
    ];
    // Leaving ends the membership the other calls rely on: it goes last.
    routes.sort(([a], [b]) => Number(a === "leaveOrganization") - Number(b === "leaveOrganization"));
    // The guarded paths answer 400/403 to signed-in callers.
    const refused = await outsider.browser.post("/organization/remove-member", {
      organizationId: org.data.id,
      memberIdOrEmail: ownerMemberId,
    });
    expect(refused.status).toBe(400);
    const byMember = await member.browser.post("/organization/remove-member", {
      organizationId: org.data.id,
      memberIdOrEmail: ownerMemberId,
    });
    expect([byMember.status, (byMember.data as { code: string }).code]).toEqual([
      403,
      "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER",
    ]);
    const answers: string[] = [];
    for (const [who, browser] of [
      ["member", member.browser],
      ["outsider", outsider.browser],
    ] as [string, TestBrowser][]) {
      const found = await sweepSignedIn({ routes, variants: { empty: {}, input }, browser: () => browser });
      answers.push(...found.map((answer) => `${who} ${answer}`));
    }
    expect(answers).toEqual([]);
  });
});
