import { errorPage, ok } from "./health";
import { getSession, listSessions, revokeOtherSessions, revokeSession, revokeSessions, signOut } from "./session";
import { signInEmail } from "./sign-in";
import { signUpEmail } from "./sign-up";
import { updateUser } from "./update-user";

/** Every core endpoint, keyed by its `auth.api` name (better-auth's names). */
export const coreEndpoints = {
  ok,
  error: errorPage,
  signUpEmail,
  signInEmail,
  signOut,
  getSession,
  listSessions,
  revokeSession,
  revokeSessions,
  revokeOtherSessions,
  updateUser,
};

export type CoreEndpoints = typeof coreEndpoints;
