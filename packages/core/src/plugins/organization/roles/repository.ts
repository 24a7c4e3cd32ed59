import type { DBAdapter, Row } from "../../../db/adapter";
import type { Where } from "../../../db/where";
import type { OrganizationRoleRow } from "../types";

const inOrg = (organizationId: string): Where => [{ field: "organizationId", value: organizationId }];

/** The only code that touches `organizationRole` (dynamic access control). */
export function roleRepository(db: DBAdapter) {
  return {
    findById: (organizationId: string, id: string) =>
      db.findOne<OrganizationRoleRow>({
        model: "organizationRole",
        where: [...inOrg(organizationId), { field: "id", value: id }],
      }),

    findByName: (organizationId: string, role: string) =>
      db.findOne<OrganizationRoleRow>({
        model: "organizationRole",
        where: [...inOrg(organizationId), { field: "role", value: role }],
      }),

    /** The stored roles among `names` (a member's roles): one indexed query. */
    findNamed: (organizationId: string, names: readonly string[]) =>
      names.length === 0
        ? Promise.resolve([])
        : db.findMany<OrganizationRoleRow>({
            model: "organizationRole",
            where: [...inOrg(organizationId), { field: "role", operator: "in", value: [...names] }],
          }),

    list: (organizationId: string) =>
      db.findMany<OrganizationRoleRow>({
        model: "organizationRole",
        where: inOrg(organizationId),
        sortBy: { field: "createdAt", direction: "asc" },
      }),

    count: (organizationId: string) => db.count({ model: "organizationRole", where: inOrg(organizationId) }),

    create: (data: Row) => db.create<OrganizationRoleRow>({ model: "organizationRole", data }),

    update: (id: string, data: Row) =>
      db.update<OrganizationRoleRow>({
        model: "organizationRole",
        where: [{ field: "id", value: id }],
        update: data,
      }),

    remove: (id: string) => db.delete({ model: "organizationRole", where: [{ field: "id", value: id }] }),

    /** Every stored role of an organization (when the organization is deleted). */
    removeAll: (organizationId: string) =>
      db.deleteMany({ model: "organizationRole", where: inOrg(organizationId) }),
  };
}
