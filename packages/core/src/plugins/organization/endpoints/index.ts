import {
  acceptInvitation,
  cancelInvitation,
  createInvitation,
  getInvitation,
  listInvitations,
  listUserInvitations,
  rejectInvitation,
} from "./invitations";
import {
  addMember,
  getActiveMember,
  getActiveMemberRole,
  leaveOrganization,
  listMembers,
  removeMember,
  updateMemberRole,
} from "./members";
import {
  checkOrganizationSlug,
  createOrganization,
  deleteOrganization,
  updateOrganization,
} from "./organization";
import {
  getFullOrganization,
  getOrganization,
  listOrganizations,
  setActiveOrganization,
} from "./organization-read";
import { hasPermission } from "./permission";
import { createOrgRole, deleteOrgRole, getOrgRole, listOrgRoles, updateOrgRole } from "./roles";
import {
  addTeamMember,
  createTeam,
  listOrganizationTeams,
  listTeamMembers,
  listUserTeams,
  removeTeam,
  removeTeamMember,
  setActiveTeam,
  updateTeam,
} from "./teams";

/** Every organization endpoint but the team ones, keyed by its `auth.api` name (better-auth's names). */
export const organizationEndpoints = {
  createOrganization,
  checkOrganizationSlug,
  updateOrganization,
  deleteOrganization,
  listOrganizations,
  getOrganization,
  getFullOrganization,
  setActiveOrganization,
  getActiveMember,
  getActiveMemberRole,
  listMembers,
  addMember,
  removeMember,
  updateMemberRole,
  leaveOrganization,
  createInvitation,
  acceptInvitation,
  rejectInvitation,
  cancelInvitation,
  getInvitation,
  listInvitations,
  listUserInvitations,
  hasPermission,
};

/** The team endpoints, routed only with `teams: { enabled: true }`. */
export const teamEndpoints = {
  createTeam,
  listOrganizationTeams,
  updateTeam,
  removeTeam,
  addTeamMember,
  removeTeamMember,
  setActiveTeam,
  listTeamMembers,
  listUserTeams,
};

/** Dynamic access control, routed only with `dynamicAccessControl: { enabled: true }`. */
export const roleEndpoints = { createOrgRole, deleteOrgRole, listOrgRoles, getOrgRole, updateOrgRole };

export type OrganizationEndpoints = typeof organizationEndpoints;
export type RoleEndpoints = typeof roleEndpoints;
export type TeamEndpoints = typeof teamEndpoints;
