import { z } from "zod";
import { inputSchema } from "../../db/validators";
import { defineEndpoint } from "../../kernel/endpoint";
import { AUTH_ERRORS } from "../../kernel/errors";
import { coreRoutes } from "../../kernel/routes";
import { nameString, urlString } from "../../router/schemas";
import { setCookieCache } from "../session/cookies";

/** POST /update-user: name, image and any input field of the user model (email has its own flow). */
export const updateUser = defineEndpoint(coreRoutes.updateUser, {
  body: z.looseObject({ name: nameString().optional(), image: urlString().nullish() }),
  auth: "session",
  async handler({ app, rc, body, session }) {
    if ("email" in body) throw AUTH_ERRORS.EMAIL_CAN_NOT_BE_UPDATED();
    const parsed = inputSchema(app.schema.user!, "update").safeParse(body);
    if (!parsed.success) throw AUTH_ERRORS.INVALID_BODY_PARAMETERS({ issues: parsed.error.issues });
    const data = Object.fromEntries(
      Object.entries(parsed.data).filter(([k, v]) => v !== undefined && k in body && k !== "email"),
    );
    if (Object.keys(data).length === 0) throw AUTH_ERRORS.NO_FIELDS_TO_UPDATE();
    const { users } = app.core;
    const user = await users.update(session.user, data, app.adapter, rc.request);
    await users.afterUpdate(user, session.user);
    const value = { session: session.session, user };
    rc.session = value;
    await setCookieCache(rc, value);
    return { status: true };
  },
});
