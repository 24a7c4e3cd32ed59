/**
 * Username errors (specification section 8, better-auth's messages): message and HTTP status as
 * plain data. Browser-safe: the client imports this table; the server turns it into throwers in
 * `errors.ts`. Every rule has exactly one status, wherever it is checked (sign-up, update-user,
 * is-username-available, sign-in).
 */
export const USERNAME_ERROR_CODES = {
  INVALID_USERNAME_OR_PASSWORD: { status: 401, message: "Invalid username or password" },
  USERNAME_IS_TOO_SHORT: { status: 400, message: "Username is too short" },
  USERNAME_IS_TOO_LONG: { status: 400, message: "Username is too long" },
  USERNAME_IS_INVALID: { status: 400, message: "Username is invalid" },
  DISPLAY_USERNAME_IS_INVALID: { status: 400, message: "Display username is invalid" },
  /** Spec section 8: already taken is 422. */
  USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER: {
    status: 422,
    message: "Username is already taken. Please try another.",
  },
} as const;

export type UsernameErrorKey = keyof typeof USERNAME_ERROR_CODES;
