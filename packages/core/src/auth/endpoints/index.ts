import { accountInfo } from "./account-info";
import { getAccessToken, refreshToken } from "./account-tokens";
import { callbackOAuth } from "./callback";
import { changeEmail } from "./change-email";
import { changePassword } from "./change-password";
import { deleteUser, deleteUserCallback } from "./delete-user";
import { errorPage, ok } from "./health";
import { linkSocialAccount } from "./link-social";
import { listUserAccounts } from "./list-accounts";
import { forgetPassword, requestPasswordReset } from "./request-password-reset";
import { resetPassword, resetPasswordCallback } from "./reset-password";
import { sendVerificationEmail } from "./send-verification-email";
import {
  getSession,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  revokeSessions,
  signOut,
} from "./session";
import { setPassword } from "./set-password";
import { signInEmail } from "./sign-in";
import { signInSocial } from "./sign-in-social";
import { signUpEmail } from "./sign-up";
import { unlinkAccount } from "./unlink-account";
import { updateSession } from "./update-session";
import { updateUser } from "./update-user";
import { verifyEmail } from "./verify-email";
import { verifyPassword } from "./verify-password";

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
  updateSession,
  updateUser,
  sendVerificationEmail,
  verifyEmail,
  requestPasswordReset,
  forgetPassword,
  resetPasswordCallback,
  resetPassword,
  changePassword,
  setPassword,
  verifyPassword,
  changeEmail,
  deleteUser,
  deleteUserCallback,
  signInSocial,
  callbackOAuth,
  linkSocialAccount,
  unlinkAccount,
  listUserAccounts,
  getAccessToken,
  refreshToken,
  accountInfo,
};

export type CoreEndpoints = typeof coreEndpoints;
