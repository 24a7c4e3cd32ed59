import type { AuthOptions } from "../../../src/kernel/options";
import { type OrganizationOptions, organization } from "../../../src/plugins/organization";
import { createTestAuth, type TestBrowser, type TestResponse } from "../../../src/testing";

export const DAY = 24 * 60 * 60 * 1000;

/** A clock the tests move (`advanced.now`). */
export function clock(start = Date.UTC(2026, 0, 1)) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

export interface Person {
  browser: TestBrowser;
  user: { id: string; email: string };
  email: string;
}

export interface Org {
  id: string;
  slug: string;
  name: string;
  metadata: Record<string, unknown>;
  members: { id: string; userId: string; role: string }[];
}

const fastHasher = {
  hash: async (password: string) => `plain:${password}`,
  verify: async ({ hash, password }: { hash: string; password: string }) => hash === `plain:${password}`,
};

let counter = 0;
export const unique = (tag: string) => `${tag}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** An auth with the organization plugin, a test clock and helpers to build organizations. */
export function setupOrg(options: OrganizationOptions = {}, auth: Omit<AuthOptions, "plugins"> = {}) {
  const time = clock();
  const t = createTestAuth({
    ...auth,
    // Hashing is not under test here: a trivial hasher keeps the many sign-ups fast.
    emailAndPassword: { enabled: true, password: fastHasher, ...auth.emailAndPassword },
    advanced: { now: time.now, ...auth.advanced },
    plugins: [organization(options)],
  });

  async function person(tag = "user"): Promise<Person> {
    const email = `${unique(tag)}@example.com`;
    const { browser, user } = await t.signUp({ email, name: tag });
    return { browser, user, email };
  }

  async function createOrg(owner: Person, body: Record<string, unknown> = {}): Promise<Org> {
    const slug = unique("org");
    const res = await owner.browser.post<Org>("/organization/create", { name: "Acme", slug, ...body });
    if (res.status !== 200) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.data)}`);
    return res.data;
  }

  /** Invites and accepts: `person` joins `org` with `role`. Returns the membership id. */
  async function join(org: Org, inviter: Person, person: Person, role: string): Promise<string> {
    const invite = await inviter.browser.post<{ id: string }>("/organization/invite-member", {
      email: person.email,
      role,
      organizationId: org.id,
    });
    if (invite.status !== 200)
      throw new Error(`invite failed: ${invite.status} ${JSON.stringify(invite.data)}`);
    const accept = await person.browser.post<{ member: { id: string } }>("/organization/accept-invitation", {
      invitationId: invite.data.id,
    });
    if (accept.status !== 200)
      throw new Error(`accept failed: ${accept.status} ${JSON.stringify(accept.data)}`);
    return accept.data.member.id;
  }

  /** An organization with an owner, an admin, a member and an outsider (not a member). */
  async function roster() {
    const [owner, admin, member, outsider] = await Promise.all([
      person("owner"),
      person("admin"),
      person("member"),
      person("outsider"),
    ]);
    const org = await createOrg(owner);
    const adminMemberId = await join(org, owner, admin, "admin");
    const memberMemberId = await join(org, owner, member, "member");
    return {
      org,
      owner,
      admin,
      member,
      outsider,
      ids: { owner: org.members[0]!.id, admin: adminMemberId, member: memberMemberId },
    };
  }

  /** The session as get-session returns it (bypassing the cookie cache). */
  async function sessionOf(p: Person) {
    const res = await p.browser.get<{ session: Record<string, unknown> } | null>("/get-session", {
      query: { disableCookieCache: "true" },
    });
    return res.data?.session ?? null;
  }

  return { ...t, time, person, createOrg, join, roster, sessionOf };
}

export type OrgSetup = ReturnType<typeof setupOrg>;

/** `{ status, code }` of an error response, for compact assertions. */
export const failure = (res: TestResponse) => ({
  status: res.status,
  code: (res.data as { code?: string } | null)?.code,
});
