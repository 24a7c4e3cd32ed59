import { generateRandomString } from "../../crypto/random";
import type { AppContext } from "../../kernel/app-context";
import { AUTH_ERRORS } from "../../kernel/errors";
import type { SessionWithUser } from "../../kernel/models";
import type { RequestContext } from "../../kernel/request-context";
import type {
  ResolveOptions,
  SessionRow,
  SessionService,
  SessionStore,
  UserRow,
} from "../../kernel/services";
import {
  clearSessionCookies,
  knownCookieCacheSession,
  readCookieCache,
  readDontRemember,
  readSessionToken,
  setCookieCache,
  setSessionCookies,
} from "./cookies";

export type { ResolveOptions, SessionService };

/**
 * Session lifecycle (spec section 4): creation at sign-in, resolution (cookie cache, then one store
 * round trip), sliding refresh after `updateAge`, expiry (deleted, cookies cleared, signed out),
 * and revocation.
 */
export function createSessionService(app: AppContext, store: SessionStore): SessionService {
  const ms = (seconds: number) => seconds * 1000;

  async function create(
    rc: RequestContext,
    user: UserRow,
    opts: { dontRemember?: boolean; setCookies?: boolean; extra?: Record<string, unknown> } = {},
  ): Promise<SessionWithUser> {
    const now = app.now();
    const hooked = await app.events.runBefore("session.create", {
      data: {
        userId: user.id,
        token: generateRandomString(32),
        expiresAt: new Date(now.getTime() + ms(app.session.expiresIn)),
        ipAddress: rc.ip(),
        userAgent: rc.header("user-agent"),
        // Timestamps from the app clock: freshness and refresh decisions read them.
        createdAt: now,
        updatedAt: now,
        ...opts.extra,
      },
      user,
      request: rc.request,
    });
    let session: SessionRow;
    try {
      session = await store.create(hooked.data, user);
    } catch (error) {
      app.logger.error("Failed to create session", error);
      throw AUTH_ERRORS.FAILED_TO_CREATE_SESSION();
    }
    const value = { session, user };
    if (opts.setCookies !== false) await setSessionCookies(rc, value, opts.dontRemember ?? false);
    rc.session = value;
    await app.events.emit("session.created", value);
    return value;
  }

  async function resolve(rc: RequestContext, opts: ResolveOptions = {}): Promise<SessionWithUser | null> {
    const token = await readSessionToken(rc);
    if (!token) return null;
    const dontRemember = await readDontRemember(rc);
    if (app.session.cookieCache.enabled && !opts.disableCookieCache) {
      const cached = await readCookieCache(rc, token);
      if (cached) return cached;
    }
    let found: SessionWithUser | null;
    try {
      found = await store.findByToken(token);
    } catch (error) {
      app.logger.error("Session lookup failed", error);
      throw AUTH_ERRORS.FAILED_TO_GET_SESSION();
    }
    if (!found) {
      clearSessionCookies(rc);
      return null;
    }
    const now = app.now().getTime();
    if (found.session.expiresAt.getTime() <= now) {
      await store.deleteForUser(found.user.id, [token]);
      clearSessionCookies(rc);
      return null;
    }
    const refreshDue =
      found.session.expiresAt.getTime() - ms(app.session.expiresIn) + ms(app.session.updateAge) <= now;
    if (refreshDue && !dontRemember && !opts.disableRefresh && !app.session.disableRefresh) {
      const updated = await store
        .update(found, { expiresAt: new Date(now + ms(app.session.expiresIn)) })
        .catch((error: unknown) => {
          app.logger.error("Session refresh failed", error);
          return null;
        });
      if (!updated) {
        clearSessionCookies(rc);
        throw AUTH_ERRORS.FAILED_TO_GET_SESSION.refresh();
      }
      const value = { session: updated, user: found.user };
      await setSessionCookies(rc, value, false);
      return value;
    }
    await setCookieCache(rc, found);
    return found;
  }

  /** Memoised per request. */
  async function current(rc: RequestContext, opts: ResolveOptions = {}): Promise<SessionWithUser | null> {
    if (rc.session !== undefined && !opts.disableCookieCache && !opts.disableRefresh) return rc.session;
    const known =
      app.session.cookieCache.enabled && !opts.disableCookieCache ? knownCookieCacheSession(rc) : undefined;
    rc.session = known ?? (await resolve(rc, opts));
    return rc.session;
  }

  function isFresh(value: SessionWithUser): boolean {
    if (app.session.freshAge === 0) return true;
    return app.now().getTime() - value.session.updatedAt.getTime() <= ms(app.session.freshAge);
  }

  async function revoke(userId: string, tokens?: readonly string[]) {
    const removed = await store.deleteForUser(userId, tokens);
    if (removed.length > 0) await app.events.emit("session.revoked", { tokens: removed, userId });
    return removed;
  }

  return { create, resolve, current, isFresh, revoke, store };
}
