/**
 * Admin errors (better-auth's messages; spec sections 6 and 8): message and HTTP status as plain
 * data. Browser-safe: the client imports this table; the server turns it into throwers in
 * `errors.ts`. Each refused action has its own "You are not allowed to ..." message.
 */
export const ADMIN_ERROR_CODES = {
  YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS: { status: 403, message: "You are not allowed to create users" },
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS: { status: 403, message: "You are not allowed to list users" },
  YOU_ARE_NOT_ALLOWED_TO_GET_USER: { status: 403, message: "You are not allowed to get user" },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS: { status: 403, message: "You are not allowed to update users" },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS_EMAIL: {
    status: 403,
    message: "You are not allowed to update users email",
  },
  YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE: {
    status: 403,
    message: "You are not allowed to change users role",
  },
  YOU_ARE_NOT_ALLOWED_TO_BAN_USERS: { status: 403, message: "You are not allowed to ban users" },
  YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS: {
    status: 403,
    message: "You are not allowed to impersonate users",
  },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS: { status: 403, message: "You are not allowed to delete users" },
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD: {
    status: 403,
    message: "You are not allowed to set users password",
  },
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS: {
    status: 403,
    message: "You are not allowed to list users sessions",
  },
  YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS: {
    status: 403,
    message: "You are not allowed to revoke users sessions",
  },
  YOU_CANNOT_IMPERSONATE_ADMINS: { status: 403, message: "You cannot impersonate admins" },
  YOU_CANNOT_BAN_YOURSELF: { status: 400, message: "You cannot ban yourself" },
  YOU_CANNOT_REMOVE_YOURSELF: { status: 400, message: "You cannot remove yourself" },
  NO_DATA_TO_UPDATE: { status: 400, message: "No data to update" },
  PASSWORD_CANNOT_BE_UPDATED_THROUGH_UPDATE_USER_USE_THE_SET_USER_PASSWORD_ENDPOINT_INSTEAD: {
    status: 400,
    message: "Password cannot be updated through update-user. Use the set-user-password endpoint instead",
  },
  INVALID_ROLE_TYPE: { status: 400, message: "Invalid role type" },
  YOU_ARE_NOT_ALLOWED_TO_SET_A_NON_EXISTENT_ROLE_VALUE: {
    status: 400,
    message: "You are not allowed to set a non-existent role value",
  },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { status: 400, message: "User already exists. Use another email." },
  YOU_ARE_NOT_IMPERSONATING_ANYONE: { status: 400, message: "You are not impersonating anyone" },
  FAILED_TO_FIND_USER: { status: 500, message: "Failed to find user" },
  FAILED_TO_FIND_ADMIN_SESSION: { status: 500, message: "Failed to find admin session" },
  INVALID_PERMISSION_CHECK_NO_PERMISSION_S_WERE_PASSED: {
    status: 400,
    message: "invalid permission check. no permission(s) were passed.",
  },
  USER_ID_OR_ROLE_IS_REQUIRED: { status: 400, message: "user id or role is required" },
  USER_NOT_FOUND: { status: 400, message: "user not found" },
  /** Spec section 8, Access: a permission request that is neither a list nor {actions, connector}. */
  INVALID_ACCESS_CONTROL_REQUEST: { status: 400, message: "Invalid access control request" },
  /**
   * A banned user cannot get a session. The message is configurable (`bannedUserMessage`), so the
   * code stays BANNED_USER instead of being derived from the message; this text is the default.
   */
  BANNED_USER: {
    status: 403,
    code: "BANNED_USER",
    message:
      "You have been banned from this application. Please contact support if you believe this is an error.",
  },
} as const;

export type AdminErrorKey = keyof typeof ADMIN_ERROR_CODES;
