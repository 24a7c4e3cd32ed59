/**
 * Organization errors (spec section 8, "Organization" and "Access"): message and HTTP status as plain
 * data, browser-safe (the client imports this table). The code is derived from the message.
 */
export const ORGANIZATION_ERROR_CODES = {
  NOT_ALLOWED_TO_CREATE_ORGANIZATION: {
    status: 403,
    message: "You are not allowed to create a new organization",
  },
  ORGANIZATION_LIMIT_REACHED: {
    status: 403,
    message: "You have reached the maximum number of organizations",
  },
  ORGANIZATION_ALREADY_EXISTS: { status: 400, message: "Organization already exists" },
  ORGANIZATION_SLUG_TAKEN: { status: 400, message: "Organization slug already taken" },
  ORGANIZATION_NOT_FOUND: { status: 400, message: "Organization not found" },
  ORGANIZATION_DELETION_DISABLED: { status: 404, message: "Organization deletion is disabled" },
  MEMBER_NOT_FOUND: { status: 400, message: "Member not found" },
  TEAM_NOT_FOUND: { status: 400, message: "Team not found" },
  INVITATION_NOT_FOUND: { status: 400, message: "Invitation not found" },
  NOT_A_MEMBER: { status: 403, message: "You are not a member of this organization" },
  USER_NOT_A_MEMBER: { status: 400, message: "User is not a member of the organization" },
  NOT_ALLOWED_TO_UPDATE_ORGANIZATION: {
    status: 403,
    message: "You are not allowed to update this organization",
  },
  NOT_ALLOWED_TO_DELETE_ORGANIZATION: {
    status: 403,
    message: "You are not allowed to delete this organization",
  },
  NO_ACTIVE_ORGANIZATION: { status: 400, message: "No active organization" },
  CANNOT_LEAVE_AS_ONLY_OWNER: { status: 400, message: "You cannot leave the organization as the only owner" },
  CANNOT_LEAVE_WITHOUT_OWNER: { status: 400, message: "You cannot leave the organization without an owner" },
  NOT_ALLOWED_TO_DELETE_MEMBER: { status: 401, message: "You are not allowed to delete this member" },
  NOT_ALLOWED_TO_UPDATE_MEMBER: { status: 403, message: "You are not allowed to update this member" },
  NOT_ALLOWED_TO_ADD_MEMBER: { status: 403, message: "You are not allowed to create a new member" },
  ROLE_NOT_FOUND: { status: 400, message: "Role not found" },
  USER_ALREADY_MEMBER: { status: 400, message: "User is already a member of this organization" },
  NOT_ALLOWED_TO_INVITE: { status: 403, message: "You are not allowed to invite users to this organization" },
  NOT_ALLOWED_TO_INVITE_ROLE: { status: 403, message: "You are not allowed to invite a user with this role" },
  USER_ALREADY_INVITED: { status: 400, message: "User is already invited to this organization" },
  INVITATION_LIMIT_REACHED: { status: 403, message: "Invitation limit reached" },
  NOT_INVITATION_RECIPIENT: { status: 403, message: "You are not the recipient of the invitation" },
  EMAIL_VERIFICATION_REQUIRED: {
    status: 403,
    message: "Email verification required before accepting or rejecting invitation",
  },
  NOT_ALLOWED_TO_CANCEL_INVITATION: { status: 403, message: "You are not allowed to cancel this invitation" },
  INVITER_NO_LONGER_MEMBER: { status: 400, message: "Inviter is no longer a member of the organization" },
  MEMBERSHIP_LIMIT_REACHED: { status: 403, message: "Organization membership limit reached" },
  EMAIL_NOT_ALLOWED_FROM_CLIENT: {
    status: 400,
    message: "User email cannot be passed for client side API calls.",
  },
  MISSING_SESSION_OR_EMAIL: { status: 400, message: "Missing session headers, or email query parameter." },
  NOT_ALLOWED_TO_CREATE_TEAM: {
    status: 403,
    message: "You are not allowed to create teams in this organization",
  },
  TEAM_LIMIT_REACHED: { status: 400, message: "You have reached the maximum number of teams" },
  NOT_ALLOWED_TO_UPDATE_TEAM: { status: 403, message: "You are not allowed to update this team" },
  NOT_ALLOWED_TO_DELETE_TEAM: { status: 403, message: "You are not allowed to delete this team" },
  UNABLE_TO_REMOVE_LAST_TEAM: { status: 400, message: "Unable to remove last team" },
  TEAM_MEMBER_LIMIT_REACHED: { status: 403, message: "Team member limit reached" },
  NOT_ALLOWED_TO_REMOVE_TEAM_MEMBER: { status: 403, message: "You are not allowed to remove a team member" },
  USER_NOT_TEAM_MEMBER: { status: 400, message: "User is not a member of the team" },
  USER_ALREADY_TEAM_MEMBER: { status: 400, message: "User is already a member of this team" },
  TEAMS_NOT_ENABLED: { status: 400, message: "Teams are not enabled" },
  NO_ACTIVE_TEAM: { status: 400, message: "You do not have an active team" },
  INVALID_ACCESS_CONTROL_REQUEST: { status: 400, message: "Invalid access control request" },
  NOT_AUTHORIZED: { status: 403, message: "Not authorized" },
} as const;

export type OrganizationErrorKey = keyof typeof ORGANIZATION_ERROR_CODES;
