import type { ClientContext } from "../../plugin/client";
import { defineClientPlugin } from "../../plugin/client";
import { ORGANIZATION_ERROR_CODES } from "./error-codes";
import type { OrganizationPlugin } from "./plugin";
import { organizationRoutes } from "./routes";
import type { FullOrganization, MemberWithUser, Organization } from "./types";

/** "No active organization" is a state, not a failure, for the stores: they hold null then. */
function orNullWithoutActive<T>(ctx: ClientContext, path: string) {
  return async () => {
    const result = await ctx.$fetch<T>(path, { method: "GET" });
    if (result.error?.code === "NO_ACTIVE_ORGANIZATION") return { data: null, error: null };
    return result;
  };
}

/**
 * The organization plugin for the browser client. Methods come from the route manifest
 * (`client.organization.create(...)`, `client.organization.inviteMember(...)`,
 * `client.organization.hasPermission(...)`, ...) and refresh the stores their route `invalidates`:
 *
 * - `$activeOrganization`: the active organization with members, invitations (and teams), or null;
 * - `$activeMember`: the caller's membership in it, or null;
 * - `$listOrganizations`: the caller's organizations.
 *
 * Imports no server code (types only).
 */
export const organizationClient = () =>
  defineClientPlugin({
    id: "organization",
    routes: organizationRoutes,
    errorCodes: ORGANIZATION_ERROR_CODES,
    $InferServerPlugin: {} as OrganizationPlugin,
    atoms: (ctx) => ({
      $activeOrganization: ctx.query<FullOrganization | null>(
        orNullWithoutActive<FullOrganization | null>(ctx, organizationRoutes.getFullOrganization.path),
        ["activeOrganization", "session"],
      ),
      $activeMember: ctx.query<MemberWithUser | null>(
        orNullWithoutActive<MemberWithUser>(ctx, organizationRoutes.getActiveMember.path),
        ["activeMember", "activeOrganization", "session"],
      ),
      $listOrganizations: ctx.query<Organization[]>(
        () => ctx.$fetch<Organization[]>(organizationRoutes.listOrganizations.path, { method: "GET" }),
        ["listOrganizations", "session"],
      ),
    }),
  });

export type OrganizationClientPlugin = ReturnType<typeof organizationClient>;
