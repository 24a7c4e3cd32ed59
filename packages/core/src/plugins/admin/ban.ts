import type { AppContext, UserRow } from "../../plugin";
import { bannedUserError } from "./errors";
import type { ResolvedAdminOptions } from "./options";

export const UNBANNED = { banned: false, banReason: null, banExpires: null } as const;

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (typeof value === "string" || typeof value === "number") {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/** The fields a ban writes: the reason (default "No reason") and the expiry, if any. */
export function banFields(
  app: AppContext,
  options: ResolvedAdminOptions,
  input: { banReason?: string; banExpiresIn?: number },
) {
  const seconds = input.banExpiresIn ?? options.defaultBanExpiresIn;
  return {
    banned: true,
    banReason: input.banReason || options.defaultBanReason,
    banExpires: seconds ? new Date(app.now().getTime() + seconds * 1000) : null,
  };
}

/** Lifts a ban, through the user repository so hooks and events see it. */
export async function liftBan(app: AppContext, user: UserRow): Promise<UserRow> {
  const updated = await app.core.users.update(user, { ...UNBANNED });
  await app.core.users.afterUpdate(updated, user);
  return updated;
}

/**
 * Refuses a banned user with 403 BANNED_USER (configurable message). A ban whose expiry has passed
 * lifts itself here, so the user's next sign-in works.
 */
export async function assertNotBanned(app: AppContext, options: ResolvedAdminOptions, user: UserRow) {
  if (user.banned !== true) return;
  const expires = toDate(user.banExpires);
  if (expires && expires.getTime() <= app.now().getTime()) {
    await liftBan(app, user);
    return;
  }
  throw bannedUserError(options.bannedUserMessage);
}

/**
 * A banned user gets no session, whatever the sign-in path: "signIn.before" covers every sign-in
 * flow (email, username, social), "session.create" every session created at all.
 */
export function registerBanHooks(app: AppContext, options: ResolvedAdminOptions): void {
  app.events.before("signIn.before", async ({ user }) => {
    await assertNotBanned(app, options, user);
    return undefined;
  });
  app.events.before("session.create", async ({ user }) => {
    await assertNotBanned(app, options, user);
    return undefined;
  });
}
