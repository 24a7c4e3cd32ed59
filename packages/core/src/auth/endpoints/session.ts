import { z } from "zod";
import { defineEndpoint } from "../../kernel/endpoint";
import { AUTH_ERRORS } from "../../kernel/errors";
import { coreRoutes } from "../../kernel/routes";
import { queryBoolean } from "../../router/schemas";
import { sessionAnswer } from "../session/answer";
import { clearSessionCookies } from "../session/cookies";
import { publicSession } from "../shape";

const sessionQuery = z
  .object({ disableCookieCache: queryBoolean.optional(), disableRefresh: queryBoolean.optional() })
  .optional();

/** GET /get-session -> { session, user } or null (spec section 7). */
export const getSession = defineEndpoint(coreRoutes.getSession, {
  query: sessionQuery,
  auth: "optional",
  noStore: true,
  handler({ app, rc, session }) {
    return session ? sessionAnswer(app, rc, session) : null;
  },
});

/** GET /list-sessions: the signed-in user's unexpired sessions. */
export const listSessions = defineEndpoint(coreRoutes.listSessions, {
  auth: "session",
  noStore: true,
  async handler({ app, session }) {
    // Expired sessions are filtered by the query (the database's index does the work).
    const rows = await app.core.sessions.store.listByUser(session.user.id, { activeAt: app.now() });
    return rows.map((s) => publicSession(app, s));
  },
});

/** POST /revoke-session {token}: only one's own; unknown -> 400 "Session not found". */
export const revokeSession = defineEndpoint(coreRoutes.revokeSession, {
  body: z.object({ token: z.string() }),
  auth: "fresh-session",
  async handler({ app, session, body }) {
    const target = await app.core.sessions.store.findByToken(body.token);
    if (!target) throw AUTH_ERRORS.SESSION_NOT_FOUND();
    if (target.user.id !== session.user.id) throw AUTH_ERRORS.UNAUTHORIZED();
    await app.core.sessions.revoke(session.user.id, [body.token]);
    return { status: true };
  },
});

/** POST /revoke-sessions: every session of the user, the current one included. */
export const revokeSessions = defineEndpoint(coreRoutes.revokeSessions, {
  auth: "fresh-session",
  async handler({ app, rc, session }) {
    await app.core.sessions.revoke(session.user.id);
    clearSessionCookies(rc);
    return { status: true };
  },
});

/** POST /revoke-other-sessions: every session but the current one. */
export const revokeOtherSessions = defineEndpoint(coreRoutes.revokeOtherSessions, {
  auth: "fresh-session",
  async handler({ app, session }) {
    const others = (await app.core.sessions.store.listByUser(session.user.id))
      .map((s) => s.token)
      .filter((t) => t !== session.session.token);
    if (others.length > 0) await app.core.sessions.revoke(session.user.id, others);
    return { status: true };
  },
});

/** POST /sign-out: revokes the current session and clears the cookies. */
export const signOut = defineEndpoint(coreRoutes.signOut, {
  async handler({ app, rc }) {
    const current = await app.core.sessions.current(rc, { disableCookieCache: true, disableRefresh: true });
    if (current) await app.core.sessions.revoke(current.user.id, [current.session.token]);
    clearSessionCookies(rc);
    return { success: true };
  },
});
