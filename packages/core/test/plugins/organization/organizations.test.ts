import { describe, expect, it } from "vitest";
import { organization } from "../../../src/plugins/organization";
import { createTestAuth } from "../../../src/testing";
import { failure, type Org, setupOrg, unique } from "./helpers";

type OrgResponse = Org & Record<string, unknown>;

describe("organization: create", () => {
  it("makes the creator an owner, returns metadata as an object and activates the organization", async () => {
    const s = setupOrg();
    const owner = await s.person("owner");
    const slug = unique("acme");
    const res = await owner.browser.post<OrgResponse>("/organization/create", {
      name: "Acme",
      slug,
      logo: "https://example.com/logo.png",
      metadata: { plan: "pro", seats: 3 },
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ name: "Acme", slug, logo: "https://example.com/logo.png" });
    expect(res.data.metadata).toEqual({ plan: "pro", seats: 3 });
    expect(res.data).not.toHaveProperty("ownerCount");
    expect(res.data.members).toHaveLength(1);
    expect(res.data.members[0]).toMatchObject({
      userId: owner.user.id,
      role: "owner",
      organizationId: res.data.id,
    });
    expect((await s.sessionOf(owner))?.activeOrganizationId).toBe(res.data.id);

    const bare = await s.createOrg(owner);
    expect(bare.metadata).toEqual({});
    expect((await s.sessionOf(owner))?.activeOrganizationId).toBe(bare.id);
  });

  it("keepCurrentActiveOrganization leaves the active organization alone", async () => {
    const s = setupOrg();
    const owner = await s.person();
    const first = await s.createOrg(owner);
    await s.createOrg(owner, { keepCurrentActiveOrganization: true });
    expect((await s.sessionOf(owner))?.activeOrganizationId).toBe(first.id);
  });

  it("the creator role is configurable", async () => {
    const s = setupOrg({ creatorRole: "admin" });
    const org = await s.createOrg(await s.person());
    expect(org.members[0]?.role).toBe("admin");
  });

  it("refuses a taken slug (400 Organization already exists) and invalid bodies (400)", async () => {
    const s = setupOrg();
    const owner = await s.person();
    const org = await s.createOrg(owner);
    const again = await owner.browser.post("/organization/create", { name: "Other", slug: org.slug });
    expect(failure(again)).toEqual({ status: 400, code: "ORGANIZATION_ALREADY_EXISTS" });
    const other = await s.person();
    expect(failure(await other.browser.post("/organization/create", { name: "X", slug: org.slug }))).toEqual({
      status: 400,
      code: "ORGANIZATION_ALREADY_EXISTS",
    });
    const empty = await owner.browser.post("/organization/create", { name: "", slug: unique("s") });
    expect(failure(empty)).toEqual({ status: 400, code: "INVALID_BODY_PARAMETERS" });
    const noSlug = await owner.browser.post("/organization/create", { name: "X" });
    expect(failure(noSlug)).toEqual({ status: 400, code: "INVALID_BODY_PARAMETERS" });
  });

  it("userId is honoured only from trusted server calls; HTTP callers need a session", async () => {
    const s = setupOrg();
    const [ann, bob] = await Promise.all([s.person("ann"), s.person("bob")]);
    const anonymous = s.browser();
    const noSession = await anonymous.post("/organization/create", {
      name: "X",
      slug: unique("x"),
      userId: ann.user.id,
    });
    expect(failure(noSession)).toEqual({ status: 401, code: "UNAUTHORIZED" });

    const viaHttp = await bob.browser.post<OrgResponse>("/organization/create", {
      name: "X",
      slug: unique("x"),
      userId: ann.user.id,
    });
    expect(viaHttp.data.members[0]?.userId).toBe(bob.user.id);

    const server = await s.auth.api.createOrganization({
      body: { name: "Server made", slug: unique("srv"), userId: ann.user.id },
    });
    expect(server.members[0]?.userId).toBe(ann.user.id);
    expect(server.members[0]?.role).toBe("owner");
    await expect(
      s.auth.api.createOrganization({ body: { name: "X", slug: unique("x"), userId: "missing" } }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      s.auth.api.createOrganization({ body: { name: "X", slug: unique("x") } }),
    ).rejects.toMatchObject({
      statusCode: 401,
    });
  });

  it("allowUserToCreateOrganization (boolean or function) -> 403", async () => {
    const off = setupOrg({ allowUserToCreateOrganization: false });
    const res = await (await off.person()).browser.post("/organization/create", {
      name: "X",
      slug: unique("x"),
    });
    expect(failure(res)).toEqual({ status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION" });

    const byUser = setupOrg({ allowUserToCreateOrganization: (user) => user.name === "vip" });
    expect(
      (
        await (
          await byUser.person("vip")
        ).browser.post("/organization/create", { name: "X", slug: unique("x") })
      ).status,
    ).toBe(200);
    expect(
      failure(
        await (await byUser.person("plain")).browser.post("/organization/create", {
          name: "X",
          slug: unique("x"),
        }),
      ),
    ).toEqual({ status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION" });
  });

  it("organizationLimit (number, or a function returning a limit or 'reached') -> 403", async () => {
    const s = setupOrg({ organizationLimit: 2 });
    const owner = await s.person();
    await s.createOrg(owner);
    await s.createOrg(owner);
    const third = await owner.browser.post("/organization/create", { name: "X", slug: unique("x") });
    expect(failure(third)).toEqual({
      status: 403,
      code: "YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS",
    });

    const fn = setupOrg({ organizationLimit: (user) => (user.name === "one" ? 1 : 5) });
    const one = await fn.person("one");
    await fn.createOrg(one);
    expect((await one.browser.post("/organization/create", { name: "X", slug: unique("x") })).status).toBe(
      403,
    );

    const reached = setupOrg({ organizationLimit: () => true });
    expect(
      (await (await reached.person()).browser.post("/organization/create", { name: "X", slug: unique("x") }))
        .status,
    ).toBe(403);
  });

  it("additional organization fields are accepted, stored and returned", async () => {
    const s = setupOrg({
      schema: { organization: { additionalFields: { billingEmail: { type: "string", required: false } } } },
    });
    const owner = await s.person();
    const org = await s.createOrg(owner, { billingEmail: "bills@acme.test" });
    expect(org).toMatchObject({ billingEmail: "bills@acme.test" });
    const updated = await owner.browser.post("/organization/update", {
      data: { billingEmail: "new@acme.test" },
    });
    expect(updated.data).toMatchObject({ billingEmail: "new@acme.test" });
    const bad = await owner.browser.post("/organization/update", { data: { billingEmail: 42 } });
    expect(failure(bad)).toEqual({ status: 400, code: "INVALID_BODY_PARAMETERS" });
  });
});

describe("organization: check-slug", () => {
  it("free -> {status: true}; taken -> 400 Organization slug already taken; no session -> 401", async () => {
    const s = setupOrg();
    const owner = await s.person();
    const org = await s.createOrg(owner);
    expect((await owner.browser.post("/organization/check-slug", { slug: unique("free") })).data).toEqual({
      status: true,
    });
    expect(failure(await owner.browser.post("/organization/check-slug", { slug: org.slug }))).toEqual({
      status: 400,
      code: "ORGANIZATION_SLUG_ALREADY_TAKEN",
    });
    expect(failure(await s.browser().post("/organization/check-slug", { slug: "x" }))).toEqual({
      status: 401,
      code: "UNAUTHORIZED",
    });
    expect(await s.auth.api.checkOrganizationSlug({ body: { slug: unique("srv") } })).toEqual({
      status: true,
    });
  });
});

describe("organization: update", () => {
  it("updates name, slug, logo and metadata of the active or a named organization", async () => {
    const s = setupOrg();
    const owner = await s.person();
    const first = await s.createOrg(owner, { metadata: { a: 1 } });
    const second = await s.createOrg(owner);
    const active = await owner.browser.post<OrgResponse>("/organization/update", {
      data: { name: "Renamed", metadata: { plan: "team" }, logo: null },
    });
    expect(active.status).toBe(200);
    expect(active.data).toMatchObject({
      id: second.id,
      name: "Renamed",
      logo: null,
      metadata: { plan: "team" },
    });
    const slug = unique("new");
    const named = await owner.browser.post<OrgResponse>("/organization/update", {
      organizationId: first.id,
      data: { slug },
    });
    expect(named.data).toMatchObject({ id: first.id, slug, metadata: { a: 1 } });
  });

  it("errors: slug taken, not found, no active organization, not a member", async () => {
    const s = setupOrg();
    const [owner, outsider] = await Promise.all([s.person(), s.person()]);
    const a = await s.createOrg(owner);
    const b = await s.createOrg(owner);
    expect(
      failure(
        await owner.browser.post("/organization/update", { organizationId: b.id, data: { slug: a.slug } }),
      ),
    ).toEqual({
      status: 400,
      code: "ORGANIZATION_SLUG_ALREADY_TAKEN",
    });
    expect(
      (await owner.browser.post("/organization/update", { organizationId: b.id, data: { slug: b.slug } }))
        .status,
    ).toBe(200);
    expect(
      failure(
        await owner.browser.post("/organization/update", { organizationId: "nope", data: { name: "x" } }),
      ),
    ).toEqual({
      status: 400,
      code: "ORGANIZATION_NOT_FOUND",
    });
    expect(failure(await outsider.browser.post("/organization/update", { data: { name: "x" } }))).toEqual({
      status: 400,
      code: "NO_ACTIVE_ORGANIZATION",
    });
    expect(
      failure(
        await outsider.browser.post("/organization/update", { organizationId: a.id, data: { name: "x" } }),
      ),
    ).toEqual({
      status: 403,
      code: "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION",
    });
    expect(failure(await owner.browser.post("/organization/update", { data: { name: "" } }))).toEqual({
      status: 400,
      code: "INVALID_BODY_PARAMETERS",
    });
  });
});

describe("organization: delete", () => {
  it("deletes everything and clears the active organization on every session", async () => {
    const s = setupOrg();
    const r = await s.roster();
    const memberSecondSession = s.browser();
    await memberSecondSession.post("/sign-in/email", {
      email: r.member.email,
      password: "correct-horse-battery",
    });
    await memberSecondSession.post("/organization/set-active", { organizationId: r.org.id });
    await r.member.browser.post("/organization/set-active", { organizationId: r.org.id });
    const res = await r.owner.browser.post<OrgResponse>("/organization/delete", { organizationId: r.org.id });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: r.org.id, metadata: {} });
    for (const p of [r.owner, r.member, r.admin])
      expect((await s.sessionOf(p))?.activeOrganizationId).toBeNull();
    const cached = await memberSecondSession.get<{ session: Record<string, unknown> }>("/get-session");
    expect(cached.data.session.activeOrganizationId).toBeNull();
    expect((await r.owner.browser.get<unknown[]>("/organization/list")).data).toEqual([]);
    expect(failure(await r.owner.browser.post("/organization/delete", { organizationId: r.org.id }))).toEqual(
      {
        status: 400,
        code: "ORGANIZATION_NOT_FOUND",
      },
    );
    const adapter = s.auth.$context.adapter;
    for (const model of ["member", "memberRole", "invitation"]) {
      expect(await adapter.count({ model, where: [{ field: "organizationId", value: r.org.id }] })).toBe(0);
    }
  });

  it("can be disabled (404)", async () => {
    const s = setupOrg({ disableOrganizationDeletion: true });
    const owner = await s.person();
    const org = await s.createOrg(owner);
    expect(failure(await owner.browser.post("/organization/delete", { organizationId: org.id }))).toEqual({
      status: 404,
      code: "ORGANIZATION_DELETION_IS_DISABLED",
    });
  });
});

describe("organization: list, get-full-organization, set-active", () => {
  it("lists the caller's organizations with object metadata", async () => {
    const s = setupOrg();
    const [owner, other] = await Promise.all([s.person(), s.person()]);
    const a = await s.createOrg(owner, { metadata: { x: "y" } });
    await s.createOrg(other);
    const list = await owner.browser.get<OrgResponse[]>("/organization/list");
    expect(list.data.map((o) => o.id)).toEqual([a.id]);
    expect(list.data[0]?.metadata).toEqual({ x: "y" });
    expect(failure(await s.browser().get("/organization/list"))).toEqual({
      status: 401,
      code: "UNAUTHORIZED",
    });
  });

  it("get-full-organization: members with their user, invitations; by id, slug or active; null without one", async () => {
    const s = setupOrg();
    const r = await s.roster();
    await r.owner.browser.post("/organization/invite-member", {
      email: "pending@example.com",
      role: "member",
    });
    type Full = OrgResponse & {
      members: { user: Record<string, unknown> }[];
      invitations: { status: string }[];
    };
    const full = await r.owner.browser.get<Full>("/organization/get-full-organization");
    expect(full.status).toBe(200);
    expect(full.data.metadata).toEqual({});
    expect(full.data.members).toHaveLength(3);
    expect(Object.keys(full.data.members[0]!.user).sort()).toEqual(["email", "id", "image", "name"]);
    expect(full.data.invitations.map((i) => i.status).sort()).toEqual(["accepted", "accepted", "pending"]);
    expect(full.data).not.toHaveProperty("teams");
    const bySlug = await r.outsider.browser.get("/organization/get-full-organization", {
      query: { organizationSlug: r.org.slug },
    });
    expect(failure(bySlug)).toEqual({ status: 403, code: "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION" });
    const limited = await r.member.browser.get<Full>("/organization/get-full-organization", {
      query: { organizationId: r.org.id, membersLimit: "2" },
    });
    expect(limited.data.members).toHaveLength(2);
    expect((await r.outsider.browser.get("/organization/get-full-organization")).data).toBeNull();
    expect(
      failure(
        await r.owner.browser.get("/organization/get-full-organization", {
          query: { organizationId: "nope" },
        }),
      ),
    ).toEqual({ status: 400, code: "ORGANIZATION_NOT_FOUND" });
  });

  it("set-active by id or slug, null clears; members only", async () => {
    const s = setupOrg();
    const r = await s.roster();
    const second = await s.createOrg(r.owner);
    const byId = await r.owner.browser.post<OrgResponse>("/organization/set-active", {
      organizationId: r.org.id,
    });
    expect(byId.data).toMatchObject({ id: r.org.id, metadata: {} });
    expect((await s.sessionOf(r.owner))?.activeOrganizationId).toBe(r.org.id);
    const cached = await r.owner.browser.get<{ session: Record<string, unknown> }>("/get-session");
    expect(cached.data.session.activeOrganizationId).toBe(r.org.id);
    await r.owner.browser.post("/organization/set-active", { organizationSlug: second.slug });
    expect((await s.sessionOf(r.owner))?.activeOrganizationId).toBe(second.id);
    const cleared = await r.owner.browser.post("/organization/set-active", { organizationId: null });
    expect(cleared.data).toBeNull();
    expect((await s.sessionOf(r.owner))?.activeOrganizationId).toBeNull();
    expect(
      failure(await r.outsider.browser.post("/organization/set-active", { organizationId: r.org.id })),
    ).toEqual({
      status: 403,
      code: "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION",
    });
    expect(
      failure(await r.owner.browser.post("/organization/set-active", { organizationId: "nope" })),
    ).toEqual({
      status: 400,
      code: "ORGANIZATION_NOT_FOUND",
    });
  });
});

describe("docs/plugins/organization.md", () => {
  it("the runnable example works as written", async () => {
    const { signUp } = createTestAuth({ plugins: [organization()] });
    const ann = await signUp({ email: "ann@example.com" });
    const bob = await signUp({ email: "bob@example.com" });
    await ann.browser.post("/organization/create", { name: "Acme", slug: "acme" });
    const invite = await ann.browser.post<{ id: string }>("/organization/invite-member", {
      email: "BOB@example.com",
      role: "admin",
    });
    await bob.browser.post("/organization/accept-invitation", { invitationId: invite.data.id });
    const check = await bob.browser.post("/organization/has-permission", {
      permissions: { member: ["delete"] },
    });
    expect(check.data).toEqual({ error: null, success: true });
  });
});
