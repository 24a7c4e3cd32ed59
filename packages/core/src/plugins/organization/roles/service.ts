import { isAdapterError } from "../../../db/adapter";
import type { ErrorFactory } from "../../../errors/define-errors";
import type { Statements } from "../access";
import { assertCan, type OrgContext, requireMember, requireOrganization } from "../context";
import { ORG_ERRORS } from "../errors";
import { memberRepository } from "../members/repository";
import { limitOf } from "../options";
import type { MemberRow, OrganizationRoleRow } from "../types";
import { assertHoldsPermission, normalizeRoleName } from "./grant-check";
import { roleRepository } from "./repository";

export type RolePermission = Record<string, string[]>;
export type RoleRef = { roleName?: string; roleId?: string };

/** Every resource and action must be declared in the statements (the `ac` resource included). */
export function assertValidPermission(statements: Statements, permission: RolePermission): void {
  for (const [resource, actions] of Object.entries(permission)) {
    const known = Object.hasOwn(statements, resource) ? statements[resource] : undefined;
    if (!known || !actions.every((a) => known.includes(a))) {
      throw ORG_ERRORS.THE_PROVIDED_PERMISSION_INCLUDES_AN_INVALID_RESOURCE();
    }
  }
}

/**
 * Dynamic access control: roles stored per organization, managed by members holding the `ac`
 * resource (owner and admin by default; member may read). Names of configured roles are reserved.
 */
export function createRoleService(ctx: OrgContext) {
  const { app, opts } = ctx;
  const repo = () => roleRepository(app.adapter);

  async function authorize(
    userId: string,
    organizationId: string,
    action: string,
    refused: ErrorFactory,
  ): Promise<MemberRow> {
    await requireOrganization(app.adapter, organizationId);
    const member = await requireMember(app.adapter, organizationId, userId);
    assertCan(opts, member, { ac: [action] }, refused);
    return member;
  }

  /** Writes a role; a concurrent writer of the same name (unique index) is "already taken". */
  async function write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isAdapterError(error, "UNIQUE_VIOLATION")) throw ORG_ERRORS.THAT_ROLE_NAME_IS_ALREADY_TAKEN();
      throw error;
    }
  }

  async function findRole(organizationId: string, ref: RoleRef): Promise<OrganizationRoleRow> {
    const row = ref.roleId
      ? await repo().findById(organizationId, ref.roleId)
      : ref.roleName
        ? await repo().findByName(organizationId, ref.roleName)
        : null;
    if (!row) throw ORG_ERRORS.ROLE_NOT_FOUND();
    return row;
  }

  async function assertNameFree(organizationId: string, name: string): Promise<void> {
    if (Object.hasOwn(opts.roles, name) || (await repo().findByName(organizationId, name))) {
      throw ORG_ERRORS.THAT_ROLE_NAME_IS_ALREADY_TAKEN();
    }
  }

  return {
    async create(input: {
      userId: string;
      organizationId: string;
      role: string;
      permission: RolePermission;
      extra?: Record<string, unknown>;
    }): Promise<{ success: true; roleData: OrganizationRoleRow; statements: RolePermission }> {
      const { organizationId } = input;
      const refused = ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE;
      const member = await authorize(input.userId, organizationId, "create", refused);
      const role = normalizeRoleName(input.role);
      const max = await limitOf(
        opts.raw.dynamicAccessControl?.maximumRolesPerOrganization,
        { organizationId },
        Number.POSITIVE_INFINITY,
      );
      if ((await repo().count(organizationId)) >= max)
        throw ORG_ERRORS.THIS_ORGANIZATION_HAS_TOO_MANY_ROLES();
      await assertNameFree(organizationId, role);
      assertValidPermission(opts.dynamicRoles.statements, input.permission);
      assertHoldsPermission(opts, member, input.permission, refused);
      const roleData = await write(() =>
        repo().create({
          ...input.extra,
          organizationId,
          role,
          permission: input.permission,
          createdAt: app.now(),
        }),
      );
      // `statements` is the new role's own grants (better-auth answers `ac.newRole(permission).statements`).
      return { success: true, roleData, statements: input.permission };
    },

    async remove(userId: string, organizationId: string, ref: RoleRef): Promise<{ success: true }> {
      await authorize(userId, organizationId, "delete", ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_A_ROLE);
      if (ref.roleName && Object.hasOwn(opts.roles, ref.roleName)) {
        throw ORG_ERRORS.CANNOT_DELETE_A_PRE_DEFINED_ROLE();
      }
      const row = await findRole(organizationId, ref);
      if ((await memberRepository(app.adapter).countWithRole(organizationId, row.role)) > 0) {
        throw ORG_ERRORS.CANNOT_DELETE_A_ROLE_THAT_IS_ASSIGNED_TO_MEMBERS();
      }
      await repo().remove(row.id);
      return { success: true };
    },

    async list(userId: string, organizationId: string): Promise<OrganizationRoleRow[]> {
      await authorize(userId, organizationId, "read", ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE);
      return repo().list(organizationId);
    },

    async get(userId: string, organizationId: string, ref: RoleRef): Promise<OrganizationRoleRow> {
      await authorize(userId, organizationId, "read", ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_READ_A_ROLE);
      return findRole(organizationId, ref);
    },

    async update(input: {
      userId: string;
      organizationId: string;
      ref: RoleRef;
      data: { permission?: RolePermission; roleName?: string };
      extra?: Record<string, unknown>;
    }): Promise<{ success: true; roleData: OrganizationRoleRow }> {
      const { organizationId, data } = input;
      const refused = ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE;
      const member = await authorize(input.userId, organizationId, "update", refused);
      const row = await findRole(organizationId, input.ref);
      const newName = data.roleName === undefined ? undefined : normalizeRoleName(data.roleName);
      const rename = newName !== undefined && newName !== row.role;
      if (rename) {
        await assertNameFree(organizationId, newName);
        if ((await memberRepository(app.adapter).countWithRole(organizationId, row.role)) > 0) {
          throw ORG_ERRORS.CANNOT_RENAME_A_ROLE_THAT_IS_ASSIGNED_TO_MEMBERS();
        }
      }
      if (data.permission) {
        assertValidPermission(opts.dynamicRoles.statements, data.permission);
        assertHoldsPermission(opts, member, data.permission, refused);
      }
      const roleData =
        (await write(() =>
          repo().update(row.id, {
            ...input.extra,
            ...(rename ? { role: newName } : {}),
            ...(data.permission ? { permission: data.permission } : {}),
            updatedAt: app.now(),
          }),
        )) ?? row;
      return { success: true, roleData };
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
