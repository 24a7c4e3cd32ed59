import type { AppContext, DBAdapter } from "../../plugin";

/**
 * Users, members and organizations belong to the auth core and the organization plugin: billing
 * reads them through their services, never by model name.
 */
export interface OrganizationReads {
  hasPermission(input: {
    userId: string;
    organizationId: string;
    permissions: Readonly<Record<string, readonly string[]>>;
  }): Promise<boolean>;
  memberRole(userId: string, organizationId: string, db?: DBAdapter): Promise<string | null>;
  countMembers(organizationId: string, db?: DBAdapter): Promise<number>;
  /** Takes the organization's membership lock in the transaction `db`, then counts its members. */
  countMembersLocked(organizationId: string, db: DBAdapter): Promise<number | null>;
  findOrganization(
    id: string,
    db?: DBAdapter,
  ): Promise<{ id: string; name: string; slug: string; logo?: string | null } | null>;
}

/** The organization plugin's services, when it is installed. */
export const organizationsOf = (app: AppContext) =>
  app.services.organization as OrganizationReads | undefined;

/** The auth user (the fields billing needs), or null. */
export async function userById(app: AppContext, id: string, db?: DBAdapter) {
  const user = await app.core.users.findById(id, db);
  return user ? { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified } : null;
}
