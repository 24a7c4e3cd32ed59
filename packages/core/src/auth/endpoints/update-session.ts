import { z } from "zod";
import { inputSchema } from "../../db/validators";
import { apiError } from "../../kernel/define-errors";
import { defineEndpoint } from "../../kernel/endpoint";
import { AUTH_ERRORS } from "../../kernel/errors";
import { sessionFields } from "../../kernel/models";
import { coreRoutes } from "../../kernel/routes";
import { setCookieCache } from "../session/cookies";
import { publicSession } from "../shape";

/**
 * POST /update-session {<additional session field>: value, ...} -> {session}. Only fields declared
 * through `session.additionalFields` (or a plugin) that accept input may be set; any other key is
 * 400 "<field> is not allowed to be set". The cookie cache is re-issued with the new values.
 */
export const updateSession = defineEndpoint(coreRoutes.updateSession, {
  body: z.record(z.string(), z.unknown()),
  auth: "session",
  async handler({ app, rc, body, session }) {
    const model = app.schema.session!;
    const settable = (key: string) =>
      !Object.hasOwn(sessionFields, key) &&
      model.fields[key] !== undefined &&
      model.fields[key].input !== false;
    for (const key of Object.keys(body))
      if (!settable(key)) throw apiError(400, `${key} is not allowed to be set`);
    const parsed = inputSchema(model, "update").safeParse(body);
    if (!parsed.success) throw AUTH_ERRORS.INVALID_BODY_PARAMETERS({ issues: parsed.error.issues });
    const data = Object.fromEntries(
      Object.entries(parsed.data).filter(([key, value]) => value !== undefined && key in body),
    );
    if (Object.keys(data).length === 0) throw AUTH_ERRORS.NO_FIELDS_TO_UPDATE();
    const updated = await app.core.sessions.store.update(session, data);
    if (!updated) throw AUTH_ERRORS.FAILED_TO_GET_SESSION.refresh();
    const value = { session: updated, user: session.user };
    rc.session = value;
    await setCookieCache(rc, value);
    return { session: publicSession(app, updated) };
  },
});
