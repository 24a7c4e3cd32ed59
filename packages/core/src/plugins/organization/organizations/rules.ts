import type { UserRow } from "../../../plugin";
import { ORG_ERRORS } from "../errors";
import type { OrganizationOptions } from "../options";

/** May this user create an organization? (`allowUserToCreateOrganization`, default yes.) */
export async function assertMayCreate(options: OrganizationOptions, user: UserRow): Promise<void> {
  const allow = options.allowUserToCreateOrganization;
  const allowed = allow === undefined ? true : typeof allow === "function" ? await allow(user) : allow;
  if (!allowed) throw ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION();
}

/**
 * The organization limit: a number compared with the organizations the user belongs to, or a
 * function returning the limit (number) or whether it is reached (boolean).
 */
export async function assertBelowOrganizationLimit(
  options: OrganizationOptions,
  user: UserRow,
  count: () => Promise<number>,
): Promise<void> {
  const limit = options.organizationLimit;
  if (limit === undefined) return;
  const value = typeof limit === "function" ? await limit(user) : limit;
  const reached = typeof value === "boolean" ? value : (await count()) >= value;
  if (reached) throw ORG_ERRORS.YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS();
}
