import type { AppContext, RequestContext, SessionWithUser, Where } from "../../plugin";
import { setCookieCache } from "../../plugin";

/** The session fields this plugin owns. */
export type ActivePatch = {
  activeOrganizationId?: string | null;
  activeTeamId?: string | null;
};

const activeOrg = (value: SessionWithUser): string | null =>
  (value.session.activeOrganizationId as string | null | undefined) ?? null;
const activeTeam = (value: SessionWithUser): string | null =>
  (value.session.activeTeamId as string | null | undefined) ?? null;

export { activeOrg, activeTeam };

/**
 * Writes the patch to the caller's session (database and/or secondary storage), then refreshes the
 * request's session and the cookie cache so the next read sees it.
 */
export async function updateCurrentSession(
  rc: RequestContext,
  current: SessionWithUser,
  patch: ActivePatch,
): Promise<SessionWithUser> {
  const updated = await rc.app.core.sessions.store.update(current, patch);
  const value = { session: updated ?? { ...current.session, ...patch }, user: current.user };
  rc.session = value;
  await setCookieCache(rc, value);
  return value;
}

/**
 * After a store-wide change (see `clearActive`), makes the caller's request and cookie cache agree
 * without another write.
 */
export async function reflectOnRequest(
  rc: RequestContext,
  current: SessionWithUser,
  patch: ActivePatch,
): Promise<void> {
  const value = { session: { ...current.session, ...patch }, user: current.user };
  rc.session = value;
  await setCookieCache(rc, value);
}

/**
 * Clears an active organization (or team) on stored sessions: every session pointing at it, or only
 * those of `userIds`. One UPDATE when sessions live in the database only; with secondary storage the
 * users' sessions are rewritten one by one (storage has no index by organization), so callers pass
 * the affected user ids.
 */
export async function clearActive(
  app: AppContext,
  target: { field: "activeOrganizationId" | "activeTeamId"; id: string; userIds?: readonly string[] },
): Promise<void> {
  const patch: ActivePatch =
    target.field === "activeOrganizationId"
      ? { activeOrganizationId: null, activeTeamId: null }
      : { activeTeamId: null };
  const { store } = app.core.sessions;
  if (!app.secondaryStorage) {
    const where: Where = [
      { field: target.field, value: target.id },
      ...(target.userIds ? [{ field: "userId", operator: "in" as const, value: [...target.userIds] }] : []),
    ];
    if (target.userIds && target.userIds.length === 0) return;
    await app.adapter.updateMany({ model: "session", where, update: patch });
    return;
  }
  for (const userId of new Set(target.userIds ?? [])) {
    const sessions = await store.listByUser(userId);
    const affected = sessions.filter((s) => s[target.field] === target.id);
    if (affected.length === 0) continue;
    const user = await app.core.users.findById(userId);
    if (!user) continue;
    for (const session of affected) await store.update({ session, user }, patch);
  }
}
