/**
 * The organization route manifest: method, path and which client stores to refresh afterwards.
 * Plain data with no imports, so the browser client uses the same declarations as the server.
 *
 * Store names: "session" (core), "activeOrganization", "activeMember", "listOrganizations",
 * "invitations", "teams".
 */
const ORG_CHANGE = ["session", "activeOrganization", "listOrganizations"] as const;
const MEMBER_CHANGE = ["activeMember", "activeOrganization"] as const;

export const organizationRoutes = {
  createOrganization: { method: "POST", path: "/organization/create", invalidates: ORG_CHANGE },
  checkOrganizationSlug: { method: "POST", path: "/organization/check-slug" },
  updateOrganization: { method: "POST", path: "/organization/update", invalidates: ORG_CHANGE },
  deleteOrganization: { method: "POST", path: "/organization/delete", invalidates: ORG_CHANGE },
  listOrganizations: { method: "GET", path: "/organization/list" },
  getOrganization: { method: "GET", path: "/organization/get-organization" },
  getFullOrganization: { method: "GET", path: "/organization/get-full-organization" },
  setActiveOrganization: {
    method: "POST",
    path: "/organization/set-active",
    invalidates: [...ORG_CHANGE, "activeMember"],
  },
  getActiveMember: { method: "GET", path: "/organization/get-active-member" },
  getActiveMemberRole: { method: "GET", path: "/organization/get-active-member-role" },
  listMembers: { method: "GET", path: "/organization/list-members" },
  addMember: { method: "POST", path: "/organization/add-member", serverOnly: true },
  removeMember: { method: "POST", path: "/organization/remove-member", invalidates: MEMBER_CHANGE },
  updateMemberRole: {
    method: "POST",
    path: "/organization/update-member-role",
    invalidates: MEMBER_CHANGE,
  },
  leaveOrganization: {
    method: "POST",
    path: "/organization/leave",
    invalidates: [...ORG_CHANGE, "activeMember"],
  },
  createInvitation: {
    method: "POST",
    path: "/organization/invite-member",
    invalidates: ["activeOrganization", "invitations"],
  },
  acceptInvitation: {
    method: "POST",
    path: "/organization/accept-invitation",
    invalidates: [...ORG_CHANGE, "activeMember", "invitations"],
  },
  rejectInvitation: { method: "POST", path: "/organization/reject-invitation", invalidates: ["invitations"] },
  cancelInvitation: {
    method: "POST",
    path: "/organization/cancel-invitation",
    invalidates: ["activeOrganization", "invitations"],
  },
  getInvitation: { method: "GET", path: "/organization/get-invitation" },
  listInvitations: { method: "GET", path: "/organization/list-invitations" },
  listUserInvitations: { method: "GET", path: "/organization/list-user-invitations" },
  hasPermission: { method: "POST", path: "/organization/has-permission" },
  createTeam: {
    method: "POST",
    path: "/organization/create-team",
    invalidates: ["activeOrganization", "teams"],
  },
  listOrganizationTeams: { method: "GET", path: "/organization/list-teams" },
  updateTeam: {
    method: "POST",
    path: "/organization/update-team",
    invalidates: ["activeOrganization", "teams"],
  },
  removeTeam: {
    method: "POST",
    path: "/organization/remove-team",
    invalidates: ["session", "activeOrganization", "teams"],
  },
  addTeamMember: { method: "POST", path: "/organization/add-team-member", invalidates: ["teams"] },
  removeTeamMember: {
    method: "POST",
    path: "/organization/remove-team-member",
    invalidates: ["session", "teams"],
  },
  setActiveTeam: { method: "POST", path: "/organization/set-active-team", invalidates: ["session"] },
  listTeamMembers: { method: "GET", path: "/organization/list-team-members" },
  listUserTeams: { method: "GET", path: "/organization/list-user-teams" },
  createOrgRole: { method: "POST", path: "/organization/create-role" },
  deleteOrgRole: { method: "POST", path: "/organization/delete-role" },
  listOrgRoles: { method: "GET", path: "/organization/list-roles" },
  getOrgRole: { method: "GET", path: "/organization/get-role" },
  updateOrgRole: { method: "POST", path: "/organization/update-role" },
} as const;

export type OrganizationRoutes = typeof organizationRoutes;
