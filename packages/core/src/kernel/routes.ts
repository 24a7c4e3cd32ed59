/**
 * Core route manifest: method, path and what the client refreshes afterwards. Plain data with no
 * imports, shared by the server endpoints and the browser client (spec section 7).
 */
export const coreRoutes = {
  ok: { method: "GET", path: "/ok" },
  error: { method: "GET", path: "/error" },
  signUpEmail: { method: "POST", path: "/sign-up/email", invalidates: ["session"] },
  signInEmail: { method: "POST", path: "/sign-in/email", invalidates: ["session"] },
  signOut: { method: "POST", path: "/sign-out", invalidates: ["session"] },
  getSession: { method: "GET", path: "/get-session" },
  listSessions: { method: "GET", path: "/list-sessions" },
  revokeSession: { method: "POST", path: "/revoke-session", invalidates: ["session"] },
  revokeSessions: { method: "POST", path: "/revoke-sessions", invalidates: ["session"] },
  revokeOtherSessions: { method: "POST", path: "/revoke-other-sessions", invalidates: ["session"] },
  updateSession: { method: "POST", path: "/update-session", invalidates: ["session"] },
  updateUser: { method: "POST", path: "/update-user", invalidates: ["session"] },
  sendVerificationEmail: { method: "POST", path: "/send-verification-email" },
  verifyEmail: { method: "GET", path: "/verify-email", invalidates: ["session"] },
  requestPasswordReset: { method: "POST", path: "/request-password-reset" },
  forgetPassword: { method: "POST", path: "/forget-password" },
  resetPasswordCallback: { method: "GET", path: "/reset-password/:token" },
  resetPassword: { method: "POST", path: "/reset-password" },
  changePassword: { method: "POST", path: "/change-password", invalidates: ["session"] },
  setPassword: { method: "POST", path: "/set-password", serverOnly: true },
  verifyPassword: { method: "POST", path: "/verify-password", clientHidden: true },
  changeEmail: { method: "POST", path: "/change-email", invalidates: ["session"] },
  deleteUser: { method: "POST", path: "/delete-user", invalidates: ["session"] },
  deleteUserCallback: { method: "GET", path: "/delete-user/callback", invalidates: ["session"] },
  signInSocial: { method: "POST", path: "/sign-in/social", invalidates: ["session"] },
  callback: { method: ["GET", "POST"], path: "/callback/:id" },
  linkSocial: { method: "POST", path: "/link-social" },
  unlinkAccount: { method: "POST", path: "/unlink-account" },
  listAccounts: { method: "GET", path: "/list-accounts" },
  getAccessToken: { method: "POST", path: "/get-access-token" },
  refreshToken: { method: "POST", path: "/refresh-token" },
  accountInfo: { method: ["GET", "POST"], path: "/account-info" },
} as const;

export type CoreRoutes = typeof coreRoutes;
