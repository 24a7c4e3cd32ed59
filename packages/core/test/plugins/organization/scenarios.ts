import { expect } from "vitest";
import type { TestResponse } from "../../../src/testing";
import type { Org, OrgSetup, Person } from "./helpers";

/**
 * Concurrency scenarios shared by the memory tests and the PostgreSQL run: many owners leaving,
 * removing each other or being demoted at once must leave exactly one owner (spec section 5).
 */

export async function orgWithOwners(
  s: OrgSetup,
  count: number,
): Promise<{ org: Org; owners: Person[]; memberIds: string[] }> {
  const owners = await Promise.all(Array.from({ length: count }, (_, i) => s.person(`owner${i}`)));
  const org = await s.createOrg(owners[0]!);
  const memberIds = [org.members[0]!.id];
  for (const owner of owners.slice(1)) {
    const member = await s.auth.api.addMember({
      body: { userId: owner.user.id, role: "owner", organizationId: org.id },
    });
    memberIds.push(member.id);
  }
  return { org, owners, memberIds };
}

export async function ownerCount(s: OrgSetup, organizationId: string): Promise<number> {
  return s.auth.$context.adapter.count({
    model: "memberRole",
    where: [
      { field: "organizationId", value: organizationId },
      { field: "role", value: "owner" },
    ],
  });
}

function tally(results: TestResponse[]) {
  const ok = results.filter((r) => r.status === 200).length;
  const codes = results.filter((r) => r.status !== 200).map((r) => (r.data as { code?: string }).code);
  return { ok, codes };
}

/** Every owner leaves at once: all but one succeed. */
export async function concurrentLeaves(s: OrgSetup, count = 6) {
  const { org, owners } = await orgWithOwners(s, count);
  const results = await Promise.all(
    owners.map((o) => o.browser.post("/organization/leave", { organizationId: org.id })),
  );
  const { ok, codes } = tally(results);
  expect(ok).toBe(count - 1);
  expect(codes).toEqual(["YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER"]);
  expect(await ownerCount(s, org.id)).toBe(1);
}

/** Every owner removes the next one at once (a ring): all but one succeed. */
export async function concurrentRemovals(s: OrgSetup, count = 6) {
  const { org, owners, memberIds } = await orgWithOwners(s, count);
  const results = await Promise.all(
    owners.map((o, i) =>
      o.browser.post("/organization/remove-member", {
        organizationId: org.id,
        memberIdOrEmail: memberIds[(i + 1) % count],
      }),
    ),
  );
  const { ok } = tally(results);
  // A removal can also fail because its actor was removed first; what matters is the invariant.
  expect(ok).toBeGreaterThanOrEqual(1);
  expect(ok).toBeLessThanOrEqual(count - 1);
  expect(await ownerCount(s, org.id)).toBe(count - ok);
  expect(await ownerCount(s, org.id)).toBeGreaterThanOrEqual(1);
}

/** Every owner demotes themselves at once: all but one succeed. */
export async function concurrentDemotions(s: OrgSetup, count = 6) {
  const { org, owners, memberIds } = await orgWithOwners(s, count);
  const results = await Promise.all(
    owners.map((o, i) =>
      o.browser.post("/organization/update-member-role", {
        organizationId: org.id,
        memberId: memberIds[i],
        role: "member",
      }),
    ),
  );
  const { ok, codes } = tally(results);
  expect(ok).toBe(count - 1);
  expect(codes).toEqual(["YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER"]);
  expect(await ownerCount(s, org.id)).toBe(1);
}

/** Leaves, removals of others and demotions all at once: at least one owner remains, always. */
export async function concurrentMixed(s: OrgSetup, count = 9) {
  const { org, owners, memberIds } = await orgWithOwners(s, count);
  const results = await Promise.all(
    owners.map((o, i) => {
      if (i % 3 === 0) return o.browser.post("/organization/leave", { organizationId: org.id });
      if (i % 3 === 1) {
        return o.browser.post("/organization/update-member-role", {
          organizationId: org.id,
          memberId: memberIds[i],
          role: "admin",
        });
      }
      return o.browser.post("/organization/remove-member", {
        organizationId: org.id,
        memberIdOrEmail: memberIds[(i + 3) % count],
      });
    }),
  );
  expect(tally(results).ok).toBeGreaterThanOrEqual(1);
  expect(await ownerCount(s, org.id)).toBeGreaterThanOrEqual(1);
  const stored = await s.auth.$context.adapter.findOne<{ ownerCount: number }>({
    model: "organization",
    where: [{ field: "id", value: org.id }],
  });
  expect(stored?.ownerCount).toBe(await ownerCount(s, org.id));
}

/** Two users accept at once with room for one more member: exactly one joins. */
export async function concurrentAccepts(s: OrgSetup) {
  const [owner, ann, bob] = await Promise.all([s.person("owner"), s.person("ann"), s.person("bob")]);
  await s.createOrg(owner);
  const ids: string[] = [];
  for (const p of [ann, bob]) {
    const invite = await owner.browser.post<{ id: string }>("/organization/invite-member", {
      email: p.email,
      role: "member",
    });
    ids.push(invite.data.id);
  }
  const results = await Promise.all(
    [ann, bob].map((p, i) => p.browser.post("/organization/accept-invitation", { invitationId: ids[i] })),
  );
  const { ok, codes } = tally(results);
  expect(ok).toBe(1);
  expect(codes).toEqual(["ORGANIZATION_MEMBERSHIP_LIMIT_REACHED"]);
}

/** The same invitation accepted twice at once (two sessions of the recipient): one membership. */
export async function doubleAccept(s: OrgSetup) {
  const [owner, ann] = await Promise.all([s.person("owner"), s.person("ann")]);
  const org = await s.createOrg(owner);
  const invite = await owner.browser.post<{ id: string }>("/organization/invite-member", {
    email: ann.email,
    role: "member",
  });
  const second = s.browser();
  await second.post("/sign-in/email", { email: ann.email, password: "correct-horse-battery" });
  const results = await Promise.all(
    [ann.browser, second].map((b) =>
      b.post("/organization/accept-invitation", { invitationId: invite.data.id }),
    ),
  );
  expect(tally(results).ok).toBe(1);
  expect(
    await s.auth.$context.adapter.count({
      model: "member",
      where: [
        { field: "organizationId", value: org.id },
        { field: "userId", value: ann.user.id },
      ],
    }),
  ).toBe(1);
}
