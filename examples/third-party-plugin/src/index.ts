import { currentTime, defineEndpoint, definePlugin, publicUser, z } from "@gatehouse-js/core/plugin";
import { SIGN_IN_LOG_ERRORS } from "./errors";
import { signInLogRepository } from "./repository";
import { signInLogRoutes } from "./routes";

export { SIGN_IN_LOG_ERRORS, signInLogRoutes };

export interface SignInLogOptions {
  /** Users whose sign-ins are not logged (and who may not read a log). */
  readonly skip?: (user: { id: string; email: string }) => boolean;
}

/**
 * A third-party plugin, written against `@gatehouse-js/core/plugin` only: a table of its own, a
 * handler of the core's `session.created` event, two endpoints behind the session, an error table.
 *
 *   createAuth({ plugins: [signInLog()] })
 *   GET /sign-in-log/list?limit=10 -> { user, entries: [{ ipAddress, userAgent, createdAt }] }
 */
export function signInLog(options: SignInLogOptions = {}) {
  const skipped = (user: { id: string; email: string }) => options.skip?.(user) ?? false;
  return definePlugin({
    id: "sign-in-log",
    schema: {
      signInLog: {
        fields: {
          userId: {
            type: "string",
            required: true,
            references: { model: "user", field: "id", onDelete: "cascade" },
          },
          ipAddress: { type: "string", required: false },
          userAgent: { type: "string", required: false },
          createdAt: { type: "date", required: true, default: currentTime },
        },
        indexes: [{ fields: ["userId", "createdAt"] }],
      },
    },
    errors: SIGN_IN_LOG_ERRORS,
    setup(app) {
      // Heard after the session is stored: every sign-in, whatever the method (email, username, social).
      app.events.on("session.created", async ({ session, user }) => {
        if (skipped(user)) return;
        await signInLogRepository(app.adapter).add({
          userId: user.id,
          ipAddress: session.ipAddress ?? null,
          userAgent: session.userAgent ?? null,
          createdAt: session.createdAt,
        });
      });
    },
    endpoints: {
      listSignIns: defineEndpoint(signInLogRoutes.listSignIns, {
        query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
        auth: "session",
        async handler({ app, query, session }) {
          if (skipped(session.user)) throw SIGN_IN_LOG_ERRORS.SIGN_IN_LOG_IS_DISABLED_FOR_THIS_USER();
          const rows = await signInLogRepository(app.adapter).listForUser(session.user.id, query.limit);
          return {
            user: publicUser(app, session.user),
            entries: rows.map(({ ipAddress, userAgent, createdAt }) => ({ ipAddress, userAgent, createdAt })),
          };
        },
      }),
      clearSignIns: defineEndpoint(signInLogRoutes.clearSignIns, {
        auth: "fresh-session",
        async handler({ app, session }) {
          const removed = await signInLogRepository(app.adapter).clearForUser(session.user.id);
          return { removed };
        },
      }),
    },
  });
}
