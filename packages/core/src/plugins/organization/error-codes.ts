/**
 * Organization errors (spec section 8, "Organization" and "Access"): message and HTTP status as plain
 * data, browser-safe (the client imports this table). The code is derived from the message.
 */
export const ORGANIZATION_ERROR_CODES = {
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION: {
    status: 403,
    message: "You are not allowed to create a new organization",
  },
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS: {
    status: 403,
    message: "You have reached the maximum number of organizations",
  },
  ORGANIZATION_ALREADY_EXISTS: { status: 400, message: "Organization already exists" },
  ORGANIZATION_SLUG_ALREADY_TAKEN: { status: 400, message: "Organization slug already taken" },
  ORGANIZATION_NOT_FOUND: { status: 400, message: "Organization not found" },
  ORGANIZATION_DELETION_IS_DISABLED: { status: 404, message: "Organization deletion is disabled" },
  MEMBER_NOT_FOUND: { status: 400, message: "Member not found" },
  TEAM_NOT_FOUND: { status: 400, message: "Team not found" },
  INVITATION_NOT_FOUND: { status: 400, message: "Invitation not found" },
  YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: {
    status: 403,
    message: "You are not a member of this organization",
  },
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: {
    status: 400,
    message: "User is not a member of the organization",
  },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION: {
    status: 403,
    message: "You are not allowed to update this organization",
  },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION: {
    status: 403,
    message: "You are not allowed to delete this organization",
  },
  NO_ACTIVE_ORGANIZATION: { status: 400, message: "No active organization" },
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: {
    status: 400,
    message: "You cannot leave the organization as the only owner",
  },
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: {
    status: 400,
    message: "You cannot leave the organization without an owner",
  },
  /** 403: the caller is signed in (spec section 8: 401 only without a session). */
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER: {
    status: 403,
    message: "You are not allowed to delete this member",
  },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER: {
    status: 403,
    message: "You are not allowed to update this member",
  },
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_MEMBER: {
    status: 403,
    message: "You are not allowed to create a new member",
  },
  ROLE_NOT_FOUND: { status: 400, message: "Role not found" },
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: {
    status: 400,
    message: "User is already a member of this organization",
  },
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION: {
    status: 403,
    message: "You are not allowed to invite users to this organization",
  },
  YOU_ARE_NOT_ALLOWED_TO_INVITE_A_USER_WITH_THIS_ROLE: {
    status: 403,
    message: "You are not allowed to invite a user with this role",
  },
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: {
    status: 400,
    message: "User is already invited to this organization",
  },
  INVITATION_LIMIT_REACHED: { status: 403, message: "Invitation limit reached" },
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: {
    status: 403,
    message: "You are not the recipient of the invitation",
  },
  EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION: {
    status: 403,
    message: "Email verification required before accepting or rejecting invitation",
  },
  YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION: {
    status: 403,
    message: "You are not allowed to cancel this invitation",
  },
  INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION: {
    status: 400,
    message: "Inviter is no longer a member of the organization",
  },
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: { status: 403, message: "Organization membership limit reached" },
  USER_EMAIL_CANNOT_BE_PASSED_FOR_CLIENT_SIDE_API_CALLS: {
    status: 400,
    message: "User email cannot be passed for client side API calls.",
  },
  MISSING_SESSION_HEADERS_OR_EMAIL_QUERY_PARAMETER: {
    status: 400,
    message: "Missing session headers, or email query parameter.",
  },
  YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION: {
    status: 403,
    message: "You are not allowed to create teams in this organization",
  },
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS: {
    status: 400,
    message: "You have reached the maximum number of teams",
  },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM: {
    status: 403,
    message: "You are not allowed to update this team",
  },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM: {
    status: 403,
    message: "You are not allowed to delete this team",
  },
  UNABLE_TO_REMOVE_LAST_TEAM: { status: 400, message: "Unable to remove last team" },
  TEAM_MEMBER_LIMIT_REACHED: { status: 403, message: "Team member limit reached" },
  YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER: {
    status: 403,
    message: "You are not allowed to remove a team member",
  },
  USER_IS_NOT_A_MEMBER_OF_THE_TEAM: { status: 400, message: "User is not a member of the team" },
  USER_IS_ALREADY_A_MEMBER_OF_THIS_TEAM: { status: 400, message: "User is already a member of this team" },
  TEAMS_ARE_NOT_ENABLED: { status: 400, message: "Teams are not enabled" },
  YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM: { status: 400, message: "You do not have an active team" },
  INVALID_ACCESS_CONTROL_REQUEST: { status: 400, message: "Invalid access control request" },
  NOT_AUTHORIZED: { status: 403, message: "Not authorized" },
  /** Dynamic access control (stored roles). */
  YOU_MUST_BE_IN_AN_ORGANIZATION_TO_CREATE_A_ROLE: {
    status: 400,
    message: "You must be in an organization to create a role",
  },
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE: { status: 403, message: "You are not allowed to create a role" },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_A_ROLE: { status: 403, message: "You are not allowed to delete a role" },
  YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE: { status: 403, message: "You are not allowed to list a role" },
  YOU_ARE_NOT_ALLOWED_TO_READ_A_ROLE: { status: 403, message: "You are not allowed to read a role" },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE: { status: 403, message: "You are not allowed to update a role" },
  THIS_ORGANIZATION_HAS_TOO_MANY_ROLES: { status: 400, message: "This organization has too many roles" },
  THAT_ROLE_NAME_IS_ALREADY_TAKEN: { status: 400, message: "That role name is already taken" },
  THE_PROVIDED_PERMISSION_INCLUDES_AN_INVALID_RESOURCE: {
    status: 400,
    message: "The provided permission includes an invalid resource",
  },
  CANNOT_DELETE_A_PRE_DEFINED_ROLE: { status: 400, message: "Cannot delete a pre-defined role" },
  CANNOT_DELETE_A_ROLE_THAT_IS_ASSIGNED_TO_MEMBERS: {
    status: 400,
    message: "Cannot delete a role that is assigned to members",
  },
  CANNOT_RENAME_A_ROLE_THAT_IS_ASSIGNED_TO_MEMBERS: {
    status: 400,
    message: "Cannot rename a role that is assigned to members",
  },
} as const;

export type OrganizationErrorKey = keyof typeof ORGANIZATION_ERROR_CODES;
