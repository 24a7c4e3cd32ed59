/**
 * Admin route manifest: method, path and what the client refreshes afterwards. Plain data with no
 * imports, shared by the server endpoints and the browser client. Keys are `auth.api` names
 * (better-auth's: `adminUpdateUser`, `userHasPermission` avoid clashes with core and organization).
 */
export const adminRoutes = {
  createUser: { method: "POST", path: "/admin/create-user" },
  listUsers: { method: "GET", path: "/admin/list-users" },
  getUser: { method: "GET", path: "/admin/get-user" },
  setRole: { method: "POST", path: "/admin/set-role" },
  setUserPassword: { method: "POST", path: "/admin/set-user-password" },
  adminUpdateUser: { method: "POST", path: "/admin/update-user" },
  removeUser: { method: "POST", path: "/admin/remove-user" },
  banUser: { method: "POST", path: "/admin/ban-user" },
  unbanUser: { method: "POST", path: "/admin/unban-user" },
  listUserSessions: { method: "POST", path: "/admin/list-user-sessions" },
  revokeUserSession: { method: "POST", path: "/admin/revoke-user-session" },
  revokeUserSessions: { method: "POST", path: "/admin/revoke-user-sessions" },
  impersonateUser: { method: "POST", path: "/admin/impersonate-user", invalidates: ["session"] },
  stopImpersonating: { method: "POST", path: "/admin/stop-impersonating", invalidates: ["session"] },
  userHasPermission: { method: "POST", path: "/admin/has-permission" },
} as const;

export type AdminRoutes = typeof adminRoutes;
