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
import { getFullOrganization, listOrganizations, setActiveOrganization } from "./organization-read";
import { hasPermission } from "./permission";
import {
  addTeamMember,
  createTeam,
  listOrganizationTeams,
  listTeamMembers,
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
  getFullOrganization,
  setActiveOrganization,
  getActiveMember,
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
};

export type OrganizationEndpoints = typeof organizationEndpoints;
export type TeamEndpoints = typeof teamEndpoints;
