import type { AppContext } from "../../kernel/app-context";
import { AUTH_ERRORS } from "../../kernel/errors";
import type { AccountRow } from "../users/repository";

/**
 * The user's credential account (provider "credential"), the only account holding a password
 * hash. Shared by the password flows (change, set, reset) and by delete-user.
 */

/** Checks `password` against the credential account: 400 "Credential account not found" / "Invalid password". */
export async function verifyCredentialPassword(
  app: AppContext,
  userId: string,
  password: string,
): Promise<AccountRow> {
  const account = await app.core.users.findCredentialAccount(userId);
  if (!account?.password) throw AUTH_ERRORS.CREDENTIAL_ACCOUNT_NOT_FOUND();
  if (!(await app.password.verify({ hash: account.password, password })))
    throw AUTH_ERRORS.INVALID_PASSWORD();
  return account;
}

/**
 * Stores an already hashed password: updates the credential account, or creates one when the user
 * has none (a user who signed up with a social provider), as better-auth does.
 */
export async function storeCredentialPassword(app: AppContext, userId: string, hash: string): Promise<void> {
  const { users } = app.core;
  const existing = await users.findCredentialAccount(userId);
  if (existing) {
    await users.updateAccount(existing.id, { password: hash });
    return;
  }
  const account = await users.createAccount({
    providerId: "credential",
    accountId: userId,
    userId,
    password: hash,
  });
  await users.afterCreateAccount(account);
}
