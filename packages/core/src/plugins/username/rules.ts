import type { AccountRow, AppContext, UserRow } from "../../plugin";
import { USERNAME_ERRORS } from "./errors";
import type { ResolvedUsernameOptions } from "./options";

/**
 * The username rules, written once and used by every path that reads or writes a username:
 * sign-up and update-user (through the user before-hooks), is-username-available and sign-in.
 */
export function createUsernameRules(options: ResolvedUsernameOptions) {
  /** Throws the matching 400 error, or returns the stored (normalised) form. */
  async function check(raw: string): Promise<string> {
    if (raw.length < options.minUsernameLength) throw USERNAME_ERRORS.USERNAME_IS_TOO_SHORT();
    if (raw.length > options.maxUsernameLength) throw USERNAME_ERRORS.USERNAME_IS_TOO_LONG();
    if (!(await options.usernameValidator(raw))) throw USERNAME_ERRORS.USERNAME_IS_INVALID();
    return options.usernameNormalization(raw);
  }

  /** The same rules as `check`, as a yes/no answer. */
  async function isValid(raw: string): Promise<boolean> {
    return (
      raw.length >= options.minUsernameLength &&
      raw.length <= options.maxUsernameLength &&
      (await options.usernameValidator(raw))
    );
  }

  async function checkDisplay(display: string): Promise<void> {
    const validator = options.displayUsernameValidator;
    if (validator && !(await validator(display))) throw USERNAME_ERRORS.DISPLAY_USERNAME_IS_INVALID();
  }

  return { check, isValid, checkDisplay, options };
}

export type UsernameRules = ReturnType<typeof createUsernameRules>;

/** The user holding a (normalised) username, or null. */
export function findByUsername(app: AppContext, username: string) {
  return app.adapter.findOne<UserRow>({ model: "user", where: [{ field: "username", value: username }] });
}

/** The user holding a (normalised) username with their accounts, in one lookup. */
export async function findByUsernameWithAccounts(app: AppContext, username: string) {
  const row = await app.adapter.findOne<UserRow & { account: AccountRow[] }>({
    model: "user",
    where: [{ field: "username", value: username }],
    join: { account: true },
  });
  if (!row) return null;
  const { account, ...user } = row;
  return { user: user as UserRow, accounts: account };
}

/** 422 "Username is already taken" unless the username is free or held by `ownerId`. */
export async function assertUsernameAvailable(app: AppContext, username: string, ownerId?: string) {
  const holder = await findByUsername(app, username);
  if (holder && holder.id !== ownerId) throw USERNAME_ERRORS.USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER();
}
