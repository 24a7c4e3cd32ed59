import { describe, expect, it } from "vitest";
import {
  ACCESS_MESSAGES,
  adminRole,
  checkRolePermission,
  createAccessControl,
  defaultRoles,
  defaultStatements,
  formatRoles,
  memberRole,
  ownerRole,
  parseRoles,
} from "../../../src/plugins/organization";
import { ORG_ERRORS } from "../../../src/plugins/organization/errors";
import { assertOpen, assertRecipient, isOpen } from "../../../src/plugins/organization/invitations/rules";
import {
  assertBelowLimit,
  assertCanRemoveMember,
  assertCanSetRoles,
} from "../../../src/plugins/organization/members/rules";

/** Every (resource, action) pair of spec section 6 and who holds it. */
const MATRIX: [resource: keyof typeof defaultStatements, action: string, owner: boolean, admin: boolean][] = [
  ["organization", "update", true, true],
  ["organization", "delete", true, false],
  ["member", "create", true, true],
  ["member", "update", true, true],
  ["member", "delete", true, true],
  ["invitation", "create", true, true],
  ["invitation", "cancel", true, true],
  ["team", "create", true, true],
  ["team", "update", true, true],
  ["team", "delete", true, true],
];

describe("access control (pure)", () => {
  it.each(MATRIX)(
    "default roles, %s:%s -> owner %s, admin %s, member never",
    (resource, action, owner, admin) => {
      const request = { [resource]: [action] };
      expect(ownerRole.authorize(request).success).toBe(owner);
      expect(adminRole.authorize(request).success).toBe(admin);
      expect(memberRole.authorize(request).success).toBe(false);
    },
  );

  it("statements are exactly those of spec section 6", () => {
    expect(defaultStatements).toEqual({
      organization: ["update", "delete"],
      member: ["create", "update", "delete"],
      invitation: ["create", "cancel"],
      team: ["create", "update", "delete"],
    });
    expect(Object.keys(defaultRoles)).toEqual(["owner", "admin", "member"]);
  });

  it("uses the spec section 8 Access messages", () => {
    expect(memberRole.authorize({ organization: ["update"] })).toEqual({
      success: false,
      error: "You are not allowed to access resource: organization",
    });
    expect(adminRole.authorize({ organization: ["delete"] })).toEqual({
      success: false,
      error: "unauthorized to access resource organization",
    });
    expect(ownerRole.authorize({})).toEqual({ success: false, error: "Invalid access control request" });
    expect(ownerRole.authorize({ member: [] })).toEqual({
      success: false,
      error: ACCESS_MESSAGES.invalidRequest,
    });
    expect(checkRolePermission({ roles: "ghost", permissions: { member: ["delete"] } })).toEqual({
      success: false,
      error: "Not authorized",
    });
  });

  it("AND needs every requested action; OR needs one", () => {
    const request = { organization: ["update", "delete"] };
    expect(adminRole.authorize(request, "AND").success).toBe(false);
    expect(adminRole.authorize(request, "OR").success).toBe(true);
    const twoResources = { organization: ["delete"], member: ["delete"] };
    expect(adminRole.authorize(twoResources).success).toBe(false);
    expect(adminRole.authorize(twoResources, "OR").success).toBe(true);
    expect(memberRole.authorize(twoResources, "OR")).toEqual({
      success: false,
      error: "You are not allowed to access resource: organization",
    });
  });

  it("a check passes if ANY of the member's roles grants it", () => {
    const permissions = { member: ["delete"] };
    expect(checkRolePermission({ roles: "member", permissions }).success).toBe(false);
    expect(checkRolePermission({ roles: "admin,member", permissions }).success).toBe(true);
    expect(checkRolePermission({ roles: "member, admin", permissions }).success).toBe(true);
    expect(
      checkRolePermission({ roles: ["member", "owner"], permissions: { organization: ["delete"] } }).success,
    ).toBe(true);
    // AND is evaluated per role (better-auth's model): two roles that each hold half do not combine.
    const ac = createAccessControl(defaultStatements);
    const definitions = {
      updater: ac.newRole({ organization: ["update"] }),
      remover: ac.newRole({ member: ["delete"] }),
    };
    const both = { organization: ["update"], member: ["delete"] };
    expect(checkRolePermission({ roles: "updater,remover", permissions: both, definitions }).success).toBe(
      false,
    );
    expect(
      checkRolePermission({ roles: "updater,remover", permissions: both, connector: "OR", definitions })
        .success,
    ).toBe(true);
  });

  it("custom statements and roles; unknown actions are refused when the role is built", () => {
    const ac = createAccessControl({ ...defaultStatements, project: ["create", "share", "delete"] } as const);
    const editor = ac.newRole({ project: ["create", "share"], team: ["update"] });
    expect(editor.authorize({ project: ["share"] }).success).toBe(true);
    expect(editor.authorize({ project: ["delete"] }).success).toBe(false);
    expect(editor.statements).toEqual({ project: ["create", "share"], team: ["update"] });
    expect(() => ac.newRole({ project: ["fly" as "create"] })).toThrow(/unknown project action/);
  });

  it("parses and formats the comma form of roles", () => {
    expect(parseRoles("admin,member")).toEqual(["admin", "member"]);
    expect(parseRoles(" admin , member,admin,")).toEqual(["admin", "member"]);
    expect(parseRoles(["admin", "member,owner"])).toEqual(["admin", "member", "owner"]);
    expect(formatRoles(["admin", " member "])).toBe("admin,member");
  });
});

describe("membership and invitation rules (pure)", () => {
  it("only an owner removes or re-roles an owner; anyone may remove themselves", () => {
    const base = { ownerRole: "owner" };
    expect(() =>
      assertCanRemoveMember({ ...base, actorRoles: "admin", targetRoles: "owner", self: false }),
    ).toThrowError(ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER.message);
    expect(() =>
      assertCanRemoveMember({ ...base, actorRoles: "owner", targetRoles: "owner", self: false }),
    ).not.toThrow();
    expect(() =>
      assertCanRemoveMember({ ...base, actorRoles: "owner", targetRoles: "owner", self: true }),
    ).not.toThrow();
    expect(() =>
      assertCanSetRoles({ ...base, actorRoles: "admin", targetRoles: "member", next: ["owner"] }),
    ).toThrowError(ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER.message);
    expect(() =>
      assertCanSetRoles({ ...base, actorRoles: "admin", targetRoles: "member", next: ["admin"] }),
    ).not.toThrow();
  });

  it("limits are inclusive caps", () => {
    expect(() => assertBelowLimit(99, 100, ORG_ERRORS.ORGANIZATION_MEMBERSHIP_LIMIT_REACHED)).not.toThrow();
    expect(() => assertBelowLimit(100, 100, ORG_ERRORS.ORGANIZATION_MEMBERSHIP_LIMIT_REACHED)).toThrowError(
      "Organization membership limit reached",
    );
  });

  it("only pending, unexpired invitations are open; recipients match case-insensitively", () => {
    const now = new Date(Date.UTC(2026, 0, 1));
    const later = new Date(now.getTime() + 1000);
    expect(isOpen({ status: "pending", expiresAt: later }, now)).toBe(true);
    expect(isOpen({ status: "pending", expiresAt: now }, now)).toBe(false);
    expect(isOpen({ status: "accepted", expiresAt: later }, now)).toBe(false);
    expect(() => assertOpen(null, now)).toThrowError("Invitation not found");
    expect(() => assertRecipient({ email: "ann@example.com" }, "Ann@Example.COM")).not.toThrow();
    expect(() => assertRecipient({ email: "ann@example.com" }, "bob@example.com")).toThrowError(
      "You are not the recipient of the invitation",
    );
  });
});
