import { describe, expect, it } from "vitest";
import type { InvitationEmail } from "../../../src/plugins/organization";
import { failure, setupOrg } from "./helpers";

interface InvitationBody {
  id: string;
  email: string;
  role: string;
  status: string;
  organizationId: string;
  inviterId: string;
  expiresAt: string;
  teamId: string | null;
}

const TWO_DAYS = 172_800_000;

describe("invitations: lifecycle", () => {
  it("invite -> pending for 172800 s, mailed; the recipient accepts, joins and gets the organization active", async () => {
    const sent: InvitationEmail[] = [];
    const s = setupOrg({ sendInvitationEmail: (data) => void sent.push(data) });
    const [owner, ann] = await Promise.all([s.person("owner"), s.person("ann")]);
    const org = await s.createOrg(owner);
    const invite = await owner.browser.post<InvitationBody>("/organization/invite-member", {
      email: ann.email.toUpperCase(),
      role: ["admin", "member"],
    });
    expect(invite.status).toBe(200);
    expect(invite.data).toMatchObject({
      email: ann.email,
      role: "admin,member",
      status: "pending",
      organizationId: org.id,
      inviterId: owner.user.id,
    });
    expect(new Date(invite.data.expiresAt).getTime() - s.time.now().getTime()).toBe(TWO_DAYS);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ id: invite.data.id, email: ann.email, role: "admin,member" });
    expect(sent[0]?.organization).toMatchObject({ id: org.id, metadata: {} });
    expect(sent[0]?.inviter.user.email).toBe(owner.email);

    const accept = await ann.browser.post<{
      invitation: InvitationBody;
      member: { role: string; userId: string };
    }>("/organization/accept-invitation", { invitationId: invite.data.id });
    expect(accept.status).toBe(200);
    expect(accept.data.invitation.status).toBe("accepted");
    expect(accept.data.member).toMatchObject({ userId: ann.user.id, role: "admin,member" });
    expect((await s.sessionOf(ann))?.activeOrganizationId).toBe(org.id);
    expect(
      failure(await ann.browser.post("/organization/accept-invitation", { invitationId: invite.data.id })),
    ).toEqual({
      status: 400,
      code: "INVITATION_NOT_FOUND",
    });
  });

  it("only the recipient (case-insensitive email) may view, accept or reject", async () => {
    const s = setupOrg();
    const [owner, ann, eve] = await Promise.all([s.person("owner"), s.person("ann"), s.person("eve")]);
    const org = await s.createOrg(owner);
    const invite = await owner.browser.post<InvitationBody>("/organization/invite-member", {
      email: ann.email.replace("ann", "ANN"),
      role: "member",
    });
    const NOT_RECIPIENT = { status: 403, code: "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION" };
    for (const path of ["/organization/accept-invitation", "/organization/reject-invitation"]) {
      expect(failure(await eve.browser.post(path, { invitationId: invite.data.id }))).toEqual(NOT_RECIPIENT);
    }
    expect(
      failure(await eve.browser.get("/organization/get-invitation", { query: { id: invite.data.id } })),
    ).toEqual(NOT_RECIPIENT);
    const details = await ann.browser.get<Record<string, unknown>>("/organization/get-invitation", {
      query: { id: invite.data.id },
    });
    expect(details.data).toMatchObject({
      id: invite.data.id,
      organizationName: "Acme",
      organizationSlug: org.slug,
      inviterEmail: owner.email,
    });
    expect(failure(await ann.browser.get("/organization/get-invitation", { query: { id: "nope" } }))).toEqual(
      {
        status: 400,
        code: "INVITATION_NOT_FOUND",
      },
    );
    expect(
      failure(await s.browser().get("/organization/get-invitation", { query: { id: invite.data.id } })),
    ).toEqual({
      status: 401,
      code: "UNAUTHORIZED",
    });
  });

  it("reject and cancel end an invitation; only pending ones can be acted on", async () => {
    const s = setupOrg();
    const [owner, ann] = await Promise.all([s.person("owner"), s.person("ann")]);
    await s.createOrg(owner);
    const first = await owner.browser.post<InvitationBody>("/organization/invite-member", {
      email: ann.email,
      role: "member",
    });
    const rejected = await ann.browser.post<{ invitation: InvitationBody; member: null }>(
      "/organization/reject-invitation",
      { invitationId: first.data.id },
    );
    expect(rejected.data).toMatchObject({ invitation: { status: "rejected" }, member: null });
    const NOT_FOUND = { status: 400, code: "INVITATION_NOT_FOUND" };
    expect(
      failure(await ann.browser.post("/organization/accept-invitation", { invitationId: first.data.id })),
    ).toEqual(NOT_FOUND);
    expect(
      failure(await ann.browser.post("/organization/reject-invitation", { invitationId: first.data.id })),
    ).toEqual(NOT_FOUND);
    expect(
      failure(await owner.browser.post("/organization/cancel-invitation", { invitationId: first.data.id })),
    ).toEqual(NOT_FOUND);

    const second = await owner.browser.post<InvitationBody>("/organization/invite-member", {
      email: ann.email,
      role: "member",
    });
    const canceled = await owner.browser.post<InvitationBody>("/organization/cancel-invitation", {
      invitationId: second.data.id,
    });
    expect(canceled.data.status).toBe("canceled");
    expect(
      failure(await ann.browser.post("/organization/accept-invitation", { invitationId: second.data.id })),
    ).toEqual(NOT_FOUND);
    expect(
      failure(await ann.browser.get("/organization/get-invitation", { query: { id: second.data.id } })),
    ).toEqual(NOT_FOUND);
  });

  it("expires after 172800 s: nothing can be done with it afterwards", async () => {
    const s = setupOrg();
    const [owner, ann, bob] = await Promise.all([s.person("owner"), s.person("ann"), s.person("bob")]);
    await s.createOrg(owner);
    const forAnn = await owner.browser.post<InvitationBody>("/organization/invite-member", {
      email: ann.email,
      role: "member",
    });
    const forBob = await owner.browser.post<InvitationBody>("/organization/invite-member", {
      email: bob.email,
      role: "member",
    });
    s.time.advance(TWO_DAYS - 1);
    expect(
      (await bob.browser.get("/organization/get-invitation", { query: { id: forBob.data.id } })).status,
    ).toBe(200);
    s.time.advance(1);
    const NOT_FOUND = { status: 400, code: "INVITATION_NOT_FOUND" };
    expect(
      failure(await ann.browser.post("/organization/accept-invitation", { invitationId: forAnn.data.id })),
    ).toEqual(NOT_FOUND);
    expect(
      failure(await ann.browser.post("/organization/reject-invitation", { invitationId: forAnn.data.id })),
    ).toEqual(NOT_FOUND);
    expect(
      failure(await bob.browser.get("/organization/get-invitation", { query: { id: forBob.data.id } })),
    ).toEqual(NOT_FOUND);
    expect(
      failure(await owner.browser.post("/organization/cancel-invitation", { invitationId: forBob.data.id })),
    ).toEqual(NOT_FOUND);
    expect((await ann.browser.get<unknown[]>("/organization/list-user-invitations")).data).toEqual([]);
    // An expired invitation does not block a new one.
    expect(
      (await owner.browser.post("/organization/invite-member", { email: ann.email, role: "member" })).status,
    ).toBe(200);
  });

  it("the inviter must still be a member when the invitation is viewed or accepted", async () => {
    const s = setupOrg();
    const r = await s.roster();
    const ann = await s.person("ann");
    const invite = await r.admin.browser.post<InvitationBody>("/organization/invite-member", {
      email: ann.email,
      role: "member",
    });
    await r.owner.browser.post("/organization/remove-member", { memberIdOrEmail: r.ids.admin });
    const GONE = { status: 400, code: "INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION" };
    expect(
      failure(await ann.browser.post("/organization/accept-invitation", { invitationId: invite.data.id })),
    ).toEqual(GONE);
    expect(
      failure(await ann.browser.get("/organization/get-invitation", { query: { id: invite.data.id } })),
    ).toEqual(GONE);
  });
});

describe("invitations: invite rules", () => {
  it("re-inviting: refused, renewed with resend, or replaced with cancelPendingInvitationsOnReInvite", async () => {
    let mails = 0;
    const s = setupOrg({ sendInvitationEmail: () => void mails++ });
    const [owner, ann] = await Promise.all([s.person("owner"), s.person("ann")]);
    await s.createOrg(owner);
    const first = await owner.browser.post<InvitationBody>("/organization/invite-member", {
      email: ann.email,
      role: "member",
    });
    expect(
      failure(await owner.browser.post("/organization/invite-member", { email: ann.email, role: "member" })),
    ).toEqual({
      status: 400,
      code: "USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION",
    });
    s.time.advance(60_000);
    const resent = await owner.browser.post<InvitationBody>("/organization/invite-member", {
      email: ann.email,
      role: "member",
      resend: true,
    });
    expect(resent.data.id).toBe(first.data.id);
    expect(new Date(resent.data.expiresAt).getTime()).toBe(new Date(first.data.expiresAt).getTime() + 60_000);
    expect(mails).toBe(2);

    const replacing = setupOrg({ cancelPendingInvitationsOnReInvite: true });
    const [o2, bob] = await Promise.all([replacing.person("owner"), replacing.person("bob")]);
    await replacing.createOrg(o2);
    const old = await o2.browser.post<InvitationBody>("/organization/invite-member", {
      email: bob.email,
      role: "member",
    });
    const fresh = await o2.browser.post<InvitationBody>("/organization/invite-member", {
      email: bob.email,
      role: "admin",
    });
    expect(fresh.data.id).not.toBe(old.data.id);
    const list = await o2.browser.get<InvitationBody[]>("/organization/list-invitations");
    expect(Object.fromEntries(list.data.map((i) => [i.id, i.status]))).toEqual({
      [old.data.id]: "canceled",
      [fresh.data.id]: "pending",
    });
  });

  it("refuses bad emails, unknown roles, members, owners invited by non-owners, and unknown organizations", async () => {
    const s = setupOrg();
    const r = await s.roster();
    const invite = (who: typeof r.owner, body: Record<string, unknown>) =>
      who.browser.post("/organization/invite-member", { role: "member", ...body });
    expect(failure(await invite(r.owner, { email: "not-an-email" }))).toEqual({
      status: 400,
      code: "INVALID_EMAIL",
    });
    expect(failure(await invite(r.owner, { email: "x@example.com", role: "ghost" }))).toEqual({
      status: 400,
      code: "ROLE_NOT_FOUND",
    });
    expect(failure(await invite(r.owner, { email: r.member.email.toUpperCase() }))).toEqual({
      status: 400,
      code: "USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION",
    });
    expect(failure(await invite(r.admin, { email: "x@example.com", role: "owner" }))).toEqual({
      status: 403,
      code: "YOU_ARE_NOT_ALLOWED_TO_INVITE_A_USER_WITH_THIS_ROLE",
    });
    expect((await invite(r.owner, { email: "x@example.com", role: "owner" })).status).toBe(200);
    expect(failure(await invite(r.owner, { email: "y@example.com", organizationId: "nope" }))).toEqual({
      status: 400,
      code: "ORGANIZATION_NOT_FOUND",
    });
    expect(failure(await invite(r.outsider, { email: "y@example.com" }))).toEqual({
      status: 400,
      code: "NO_ACTIVE_ORGANIZATION",
    });
    expect(failure(await invite(r.owner, { email: "y@example.com", teamId: "t" }))).toEqual({
      status: 400,
      code: "TEAMS_ARE_NOT_ENABLED",
    });
  });

  it("invitation limit (pending invitations) -> 403", async () => {
    const s = setupOrg({ invitationLimit: 2 });
    const owner = await s.person();
    await s.createOrg(owner);
    for (const email of ["a@example.com", "b@example.com"]) {
      expect(
        (await owner.browser.post("/organization/invite-member", { email, role: "member" })).status,
      ).toBe(200);
    }
    expect(
      failure(
        await owner.browser.post("/organization/invite-member", { email: "c@example.com", role: "member" }),
      ),
    ).toEqual({
      status: 403,
      code: "INVITATION_LIMIT_REACHED",
    });
  });

  it("membership limit: default 100, counted at invite and again at accept", async () => {
    const s = setupOrg();
    const [owner, ann, bob] = await Promise.all([s.person("owner"), s.person("ann"), s.person("bob")]);
    const org = await s.createOrg(owner);
    const pending = await owner.browser.post<InvitationBody>("/organization/invite-member", {
      email: ann.email,
      role: "member",
    });
    const adapter = s.auth.$context.adapter;
    for (let i = 0; i < 99; i++) {
      const user = await adapter.create<{ id: string }>({
        model: "user",
        data: { email: `filler${i}@example.com`, name: "f" },
      });
      await s.auth.api.addMember({ body: { userId: user.id, role: "member", organizationId: org.id } });
    }
    expect(
      await adapter.count({ model: "member", where: [{ field: "organizationId", value: org.id }] }),
    ).toBe(100);
    const LIMIT = { status: 403, code: "ORGANIZATION_MEMBERSHIP_LIMIT_REACHED" };
    expect(
      failure(await owner.browser.post("/organization/invite-member", { email: bob.email, role: "member" })),
    ).toEqual(LIMIT);
    expect(
      failure(await ann.browser.post("/organization/accept-invitation", { invitationId: pending.data.id })),
    ).toEqual(LIMIT);
  });

  it("requireEmailVerificationOnInvitation: unverified recipients cannot accept or reject", async () => {
    const s = setupOrg({ requireEmailVerificationOnInvitation: true });
    const [owner, ann] = await Promise.all([s.person("owner"), s.person("ann")]);
    await s.createOrg(owner);
    const invite = await owner.browser.post<InvitationBody>("/organization/invite-member", {
      email: ann.email,
      role: "member",
    });
    const REQUIRED = {
      status: 403,
      code: "EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION",
    };
    expect(
      failure(await ann.browser.post("/organization/accept-invitation", { invitationId: invite.data.id })),
    ).toEqual(REQUIRED);
    expect(
      failure(await ann.browser.post("/organization/reject-invitation", { invitationId: invite.data.id })),
    ).toEqual(REQUIRED);
  });
});

describe("invitations: listing", () => {
  it("list-invitations: every status, any member, default the active organization", async () => {
    const s = setupOrg();
    const r = await s.roster();
    await r.owner.browser.post("/organization/invite-member", { email: "p@example.com", role: "member" });
    const list = await r.member.browser.get<InvitationBody[]>("/organization/list-invitations");
    expect(list.data.map((i) => i.status).sort()).toEqual(["accepted", "accepted", "pending"]);
    expect(failure(await r.outsider.browser.get("/organization/list-invitations"))).toEqual({
      status: 400,
      code: "NO_ACTIVE_ORGANIZATION",
    });
  });

  it("list-user-invitations: the session email's open invitations; ?email only from the server", async () => {
    const s = setupOrg();
    const [owner, ann] = await Promise.all([s.person("owner"), s.person("ann")]);
    const org = await s.createOrg(owner);
    const invite = await owner.browser.post<InvitationBody>("/organization/invite-member", {
      email: ann.email,
      role: "member",
    });
    const mine = await ann.browser.get<(InvitationBody & { organizationName: string })[]>(
      "/organization/list-user-invitations",
    );
    expect(mine.data.map((i) => [i.id, i.organizationName])).toEqual([[invite.data.id, "Acme"]]);
    expect((await owner.browser.get<unknown[]>("/organization/list-user-invitations")).data).toEqual([]);
    expect(
      failure(
        await owner.browser.get("/organization/list-user-invitations", { query: { email: ann.email } }),
      ),
    ).toEqual({ status: 400, code: "USER_EMAIL_CANNOT_BE_PASSED_FOR_CLIENT_SIDE_API_CALLS" });
    expect(failure(await s.browser().get("/organization/list-user-invitations"))).toEqual({
      status: 400,
      code: "MISSING_SESSION_HEADERS_OR_EMAIL_QUERY_PARAMETER",
    });
    const viaServer = await s.auth.api.listUserInvitations({ query: { email: ann.email.toUpperCase() } });
    expect(viaServer.map((i) => i.organizationId)).toEqual([org.id]);
  });
});
