/**
 * Username route manifest: method, path and what the client refreshes afterwards. Plain data with
 * no imports, shared by the server endpoints and the browser client.
 */
export const usernameRoutes = {
  signInUsername: { method: "POST", path: "/sign-in/username", invalidates: ["session"] },
  isUsernameAvailable: { method: "POST", path: "/is-username-available" },
} as const;

export type UsernameRoutes = typeof usernameRoutes;
