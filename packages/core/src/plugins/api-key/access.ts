import type { AppContext } from "./deps";
import { API_KEY_ERRORS } from "./errors";
import type { ApiKeyRow } from "./models";

export type KeyAction = "create" | "read" | "update" | "delete";
export interface KeyOwner {
  readonly type: "user" | "organization";
  readonly id: string;
}

/** The organization plugin's reads this plugin needs (through its services, never its tables). */
interface OrganizationReads {
  memberRole(userId: string, organizationId: string): Promise<string | null>;
  hasPermission(input: {
    userId: string;
    organizationId: string;
    permissions: Readonly<Record<string, readonly string[]>>;
  }): Promise<boolean>;
}

/** Organization roles that manage the organization's keys without a custom `apiKey` statement. */
const MANAGING_ROLES = new Set(["owner", "admin"]);

export const ownerOf = (row: ApiKeyRow): KeyOwner => ({ type: row.referenceType, id: row.referenceId });

/**
 * May `userId` perform `action` on keys of `owner`? A user's keys are their own only (others get
 * "API Key not found", as if the key did not exist). An organization's keys need membership, and
 * the owner or admin role or a role granting `apiKey: [action]`.
 */
export async function assertKeyAccess(app: AppContext, owner: KeyOwner, userId: string, action: KeyAction) {
  if (owner.type === "user") {
    if (owner.id !== userId) throw API_KEY_ERRORS.API_KEY_NOT_FOUND();
    return;
  }
  const org = app.services.organization as OrganizationReads | undefined;
  if (!org) throw API_KEY_ERRORS.ORGANIZATION_PLUGIN_IS_REQUIRED_FOR_ORGANIZATION_OWNED_API_KEYS();
  const role = await org.memberRole(userId, owner.id);
  if (role === null) throw API_KEY_ERRORS.YOU_ARE_NOT_A_MEMBER_OF_THE_ORGANIZATION_THAT_OWNS_THIS_API_KEY();
  if (role.split(",").some((r) => MANAGING_ROLES.has(r.trim()))) return;
  const permitted = await org.hasPermission({
    userId,
    organizationId: owner.id,
    permissions: { apiKey: [action] },
  });
  if (!permitted)
    throw API_KEY_ERRORS.YOU_DO_NOT_HAVE_PERMISSION_TO_PERFORM_THIS_ACTION_ON_ORGANIZATION_API_KEYS();
}
