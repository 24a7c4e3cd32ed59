import type { AppContext, UserRow } from "../../plugin";
import { USERNAME_ERRORS } from "./errors";
import { assertUsernameAvailable, findByUsername, type UsernameRules } from "./rules";

type UserData = Record<string, unknown>;

/**
 * Applies the username rules to user data about to be written (a new user when `current` is
 * undefined). Returns the data to store: `username` normalised, `displayUsername` defaulting to
 * the username as typed. Throws the rule's error (400) or 422 when the username is taken.
 */
export async function applyUsernameRules(
  app: AppContext,
  rules: UsernameRules,
  data: UserData,
  current?: UserRow,
): Promise<UserData> {
  const display = data.displayUsername;
  let raw = data.username;
  // Sign-up with only a display username: it doubles as the username when it is a valid one.
  if (raw === undefined && !current && typeof display === "string" && (await rules.isValid(display))) {
    raw = display;
  }
  if (typeof display === "string") await rules.checkDisplay(display);
  if (raw === undefined) return data;
  if (raw === null) return { ...data, username: null, displayUsername: display ?? null };
  if (typeof raw !== "string") throw USERNAME_ERRORS.USERNAME_IS_INVALID();
  const username = await rules.check(raw);
  if (username !== current?.username) await assertUsernameAvailable(app, username, current?.id);
  return { ...data, username, displayUsername: typeof display === "string" ? display : raw };
}

/**
 * Every write of a user goes through these hooks, whichever endpoint or plugin performs it
 * (sign-up, update-user, admin create/update): no URL matching. A race between two writers of one
 * username is decided by the unique index; "user.writeConflict" turns that violation into 422.
 */
export function registerUsernameHooks(app: AppContext, rules: UsernameRules): void {
  app.events.before("user.create", async (payload) => ({
    ...payload,
    data: await applyUsernameRules(app, rules, payload.data),
  }));
  app.events.before("user.update", async (payload) => ({
    ...payload,
    data: await applyUsernameRules(app, rules, payload.data, payload.user),
  }));
  app.events.before("user.writeConflict", async (payload) => {
    const { username } = payload.data;
    if (typeof username !== "string") return undefined;
    const holder = await findByUsername(app, username);
    if (holder && holder.id !== payload.userId)
      throw USERNAME_ERRORS.USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER();
    return undefined;
  });
}
