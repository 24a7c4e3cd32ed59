/**
 * Core errors (specification section 8): message and HTTP status, as plain data. Browser-safe:
 * the client imports this table too. The server turns it into throwers in `errors.ts`.
 */
export const AUTH_ERROR_CODES = {
  UNAUTHORIZED: { status: 401, message: "Unauthorized" },
  INVALID_BODY_PARAMETERS: { status: 400, message: "Invalid body parameters" },
  INVALID_QUERY_PARAMETERS: { status: 400, message: "Invalid query parameters" },
  INVALID_JSON_IN_REQUEST_BODY: { status: 400, message: "Invalid JSON in request body" },
  REQUEST_BODY_TOO_LARGE: { status: 413, message: "Request body too large" },
  INVALID_JSON_PROTOTYPE_POLLUTION_KEYS_ARE_NOT_ALLOWED: {
    status: 400,
    message: "Invalid JSON: prototype pollution keys are not allowed",
  },
  INVALID_ORIGIN: { status: 403, message: "Invalid origin" },
  INVALID_CALLBACKURL: { status: 403, message: "Invalid callbackURL" },
  COULD_NOT_GET_ORIGIN_FROM_REQUEST: { status: 400, message: "could not get origin from request" },
  SESSION_IS_NOT_FRESH: { status: 403, message: "Session is not fresh" },
  TOO_MANY_REQUESTS_PLEASE_TRY_AGAIN_LATER: {
    status: 429,
    message: "Too many requests. Please try again later.",
  },
  FAILED_TO_CREATE_SESSION: { status: 500, message: "Failed to create session" },
  /** 500 on an unexpected lookup error; `.refresh` (401) when the refresh write failed (spec section 4). */
  FAILED_TO_GET_SESSION: {
    status: 500,
    message: "Failed to get session",
    variants: { refresh: { status: 401 } },
  },
  INVALID_PASSWORD: { status: 400, message: "Invalid password" },
  INVALID_EMAIL: { status: 400, message: "Invalid email" },
  INVALID_EMAIL_OR_PASSWORD: { status: 401, message: "Invalid email or password" },
  PROVIDER_NOT_FOUND: { status: 404, message: "Provider not found" },
  /**
   * 400 for reset-password tokens (spec section 8's text). `.idToken`: an id token that does not
   * verify (401). `.link`: the JSON answer of a bad email-verification or delete-user link
   * (better-auth's text and statuses, 401 and 404).
   */
  INVALID_TOKEN: {
    status: 400,
    message: "invalid token",
    variants: {
      idToken: { status: 401 },
      link: { status: 401, message: "Invalid token" },
      deleteLink: { status: 404, message: "Invalid token" },
    },
  },
  /** An expired email-verification link, answered as JSON (no callbackURL). */
  TOKEN_EXPIRED: { status: 401, message: "Token expired" },
  /**
   * An email-verification link opened in the session of another user (no callbackURL): 403, as the
   * caller is signed in (spec section 8: 401 only without a session; better-auth answers 401).
   */
  INVALID_USER: { status: 403, message: "Invalid user" },
  ID_TOKEN_NOT_SUPPORTED: { status: 404, message: "id_token not supported" },
  FAILED_TO_GET_USER_INFO: { status: 401, message: "Failed to get user info" },
  USER_EMAIL_NOT_FOUND: { status: 401, message: "User email not found" },
  EMAIL_NOT_VERIFIED: { status: 403, message: "Email not verified" },
  PASSWORD_TOO_SHORT: { status: 400, message: "Password too short" },
  PASSWORD_TOO_LONG: { status: 400, message: "Password too long" },
  USER_ALREADY_EXISTS: { status: 422, message: "User already exists" },
  /** `.link`: the user of an email-verification link no longer exists (401, as better-auth). */
  USER_NOT_FOUND: { status: 404, message: "User not found", variants: { link: { status: 401 } } },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { status: 400, message: "Credential account not found" },
  USER_ALREADY_HAS_A_PASSWORD: { status: 400, message: "user already has a password" },
  SESSION_EXPIRED_RE_AUTHENTICATE_TO_PERFORM_THIS_ACTION: {
    status: 400,
    message: "Session expired. Re-authenticate to perform this action.",
  },
  YOU_CAN_T_UNLINK_YOUR_LAST_ACCOUNT: { status: 400, message: "You can't unlink your last account" },
  ACCOUNT_NOT_FOUND: { status: 400, message: "Account not found" },
  EMAIL_AND_PASSWORD_IS_NOT_ENABLED: { status: 400, message: "Email and password is not enabled" },
  YOU_CAN_ONLY_SEND_A_VERIFICATION_EMAIL_TO_AN_UNVERIFIED_EMAIL: {
    status: 400,
    message: "You can only send a verification email to an unverified email",
  },
  YOU_CAN_ONLY_SEND_A_VERIFICATION_EMAIL_TO_YOUR_OWN_EMAIL: {
    status: 400,
    message: "You can only send a verification email to your own email",
  },
  EMAIL_IS_THE_SAME: { status: 400, message: "Email is the same" },
  COULDN_T_UPDATE_YOUR_EMAIL: { status: 400, message: "Couldn't update your email" },
  CHANGE_EMAIL_IS_DISABLED: { status: 400, message: "Change email is disabled" },
  VERIFICATION_EMAIL_ISN_T_ENABLED: { status: 400, message: "Verification email isn't enabled" },
  RESET_PASSWORD_ISN_T_ENABLED: { status: 400, message: "Reset password isn't enabled" },
  DELETE_USER_IS_DISABLED: { status: 404, message: "Delete user is disabled" },
  SESSION_NOT_FOUND: { status: 400, message: "Session not found" },
  UNABLE_TO_CREATE_VERIFICATION: { status: 500, message: "Unable to create verification" },
  CALLBACKURL_IS_REQUIRED: { status: 400, message: "callbackURL is required" },
  ACCOUNT_NOT_LINKED: { status: 401, message: "Account not linked" },
  /** Linking: why /link-social refused to link; 403, the caller is signed in (spec section 8). */
  ACCOUNT_NOT_LINKED_LINKING_NOT_ALLOWED: {
    status: 403,
    message: "Account not linked - linking not allowed",
  },
  ACCOUNT_NOT_LINKED_DIFFERENT_EMAILS_NOT_ALLOWED: {
    status: 403,
    message: "Account not linked - different emails not allowed",
  },
  ACCOUNT_NOT_LINKED_UNABLE_TO_CREATE_ACCOUNT: {
    status: 422,
    message: "Account not linked - unable to create account",
  },
  SOCIAL_ACCOUNT_ALREADY_LINKED: { status: 409, message: "Social account already linked" },
  UNABLE_TO_LINK_ACCOUNT: { status: 401, message: "Unable to link account" },
  SIGNUP_DISABLED: { status: 401, message: "Signup disabled" },
  EITHER_USERID_OR_SESSION_IS_REQUIRED: { status: 400, message: "Either userId or session is required" },
  PROVIDER_NOT_SUPPORTED: { status: 400, message: "Provider not supported" },
  FAILED_TO_GET_A_VALID_ACCESS_TOKEN: { status: 400, message: "Failed to get a valid access token" },
  FAILED_TO_REFRESH_ACCESS_TOKEN: { status: 400, message: "Failed to refresh access token" },
  FAILED_TO_CREATE_USER: { status: 422, message: "Failed to create user" },
  FAILED_TO_UPDATE_USER: { status: 422, message: "Failed to update user" },
  EMAIL_CAN_NOT_BE_UPDATED: { status: 400, message: "Email can not be updated" },
  NO_FIELDS_TO_UPDATE: { status: 400, message: "No fields to update" },
} as const;

export type AuthErrorKey = keyof typeof AUTH_ERROR_CODES;
