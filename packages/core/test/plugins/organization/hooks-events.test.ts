import { describe, expect, it } from "vitest";
import { apiError } from "../../../src/kernel/define-errors";
import { ORGANIZATION_EVENTS, type OrganizationHooks } from "../../../src/plugins/organization";
import { failure, setupOrg } from "./helpers";

describe("organizationHooks", () => {
  it("before hooks may change data or refuse; after hooks see the committed result", async () => {
    const calls: string[] = [];
    let refuse = "";
    const no = (name: string) => {
      if (refuse === name) throw apiError(403, `No ${name}`);
    };
    const hooks: OrganizationHooks = {
      beforeCreateOrganization: ({ organization }) => {
        no("create");
        return { data: { name: `${String(organization.name)} Inc.`, metadata: { source: "hook" } } };
      },
      afterCreateOrganization: ({ organization, member, user }) =>
        void calls.push(`created ${organization.name} ${member.role} ${user.name}`),
      beforeCreateInvitation: ({ invitation }) => {
        no("invite");
        return { data: { role: invitation.role === "member" ? "admin" : invitation.role } };
      },
      afterCreateInvitation: ({ invitation }) =>
        void calls.push(`invited ${invitation.email} ${invitation.role}`),
      beforeAcceptInvitation: () => no("accept"),
      afterAcceptInvitation: ({ member }) => void calls.push(`accepted ${member.role}`),
      beforeRemoveMember: () => no("remove"),
      afterRemoveMember: ({ member }) => void calls.push(`removed ${member.userId}`),
      beforeDeleteOrganization: () => no("delete"),
      afterDeleteOrganization: ({ organization, user }) =>
        void calls.push(`deleted ${organization.id} by ${user?.name}`),
    };
    const s = setupOrg({ organizationHooks: hooks });
    const [owner, ann] = await Promise.all([s.person("owner"), s.person("ann")]);

    refuse = "create";
    expect(
      failure(await owner.browser.post("/organization/create", { name: "Acme", slug: "acme-hooks" })),
    ).toEqual({
      status: 403,
      code: "NO_CREATE",
    });
    refuse = "";
    const org = await s.createOrg(owner);
    expect(org).toMatchObject({ name: "Acme Inc.", metadata: { source: "hook" } });

    refuse = "invite";
    expect(
      (await owner.browser.post("/organization/invite-member", { email: ann.email, role: "member" })).status,
    ).toBe(403);
    refuse = "";
    const invite = await owner.browser.post<{ id: string; role: string }>("/organization/invite-member", {
      email: ann.email,
      role: "member",
    });
    expect(invite.data.role).toBe("admin");

    refuse = "accept";
    expect(
      (await ann.browser.post("/organization/accept-invitation", { invitationId: invite.data.id })).status,
    ).toBe(403);
    refuse = "";
    expect(
      (await ann.browser.post("/organization/accept-invitation", { invitationId: invite.data.id })).status,
    ).toBe(200);

    refuse = "remove";
    expect((await ann.browser.post("/organization/leave", { organizationId: org.id })).status).toBe(403);
    refuse = "";
    expect((await ann.browser.post("/organization/leave", { organizationId: org.id })).status).toBe(200);

    refuse = "delete";
    expect((await owner.browser.post("/organization/delete", { organizationId: org.id })).status).toBe(403);
    refuse = "";
    expect((await owner.browser.post("/organization/delete", { organizationId: org.id })).status).toBe(200);

    expect(calls).toEqual([
      "created Acme Inc. owner owner",
      `invited ${ann.email} admin`,
      "accepted admin",
      `removed ${ann.user.id}`,
      `deleted ${org.id} by owner`,
    ]);
  });
});

describe("typed events", () => {
  it("are emitted after each change, and never for a refused one", async () => {
    const s = setupOrg({ teams: { enabled: true } });
    const seen: string[] = [];
    for (const name of ORGANIZATION_EVENTS) s.auth.$context.events.on(name, () => void seen.push(name));
    s.auth.$context.events.on(
      "organization.member.roleChanged",
      ({ previousRole, member }) => void seen.push(`${previousRole}->${member.role}`),
    );
    const [owner, ann] = await Promise.all([s.person("owner"), s.person("ann")]);
    const org = await s.createOrg(owner);
    expect(seen.splice(0)).toEqual([
      "organization.created",
      "organization.member.added",
      "organization.team.created",
    ]);

    const invite = await owner.browser.post<{ id: string }>("/organization/invite-member", {
      email: ann.email,
      role: "member",
    });
    await ann.browser.post("/organization/accept-invitation", { invitationId: invite.data.id });
    const member = await ann.browser.get<{ id: string }>("/organization/get-active-member");
    await owner.browser.post("/organization/update-member-role", { memberId: member.data.id, role: "admin" });
    await owner.browser.post("/organization/update", { data: { name: "New" } });
    expect(seen.splice(0)).toEqual([
      "organization.invitation.created",
      "organization.member.added",
      "organization.invitation.accepted",
      "organization.member.roleChanged",
      "member->admin",
      "organization.updated",
    ]);

    // Refused: the last owner leaving emits nothing.
    await owner.browser.post("/organization/leave", { organizationId: org.id });
    expect(seen).toEqual([]);

    const second = await owner.browser.post<{ id: string }>("/organization/invite-member", {
      email: "x@example.com",
      role: "member",
    });
    await owner.browser.post("/organization/cancel-invitation", { invitationId: second.data.id });
    const third = await owner.browser.post<{ id: string }>("/organization/invite-member", {
      email: ann.email,
      role: "member",
      organizationId: (await s.createOrg(owner)).id,
    });
    await ann.browser.post("/organization/reject-invitation", { invitationId: third.data.id });
    await owner.browser.post("/organization/remove-member", {
      organizationId: org.id,
      memberIdOrEmail: member.data.id,
    });
    await owner.browser.post("/organization/delete", { organizationId: org.id });
    expect(
      seen.filter(
        (n) =>
          !n.startsWith("organization.team") &&
          n !== "organization.created" &&
          n !== "organization.member.added",
      ),
    ).toEqual([
      "organization.invitation.created",
      "organization.invitation.canceled",
      "organization.invitation.created",
      "organization.invitation.rejected",
      "organization.member.removed",
      "organization.deleted",
    ]);
  });
});
