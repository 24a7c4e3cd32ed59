/** The plugin's route manifest: plain data, shared by the server endpoints and a browser client. */
export const signInLogRoutes = {
  listSignIns: { method: "GET", path: "/sign-in-log/list" },
  clearSignIns: { method: "POST", path: "/sign-in-log/clear" },
} as const;
