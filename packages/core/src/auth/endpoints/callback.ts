import { z } from "zod";
import { redirectTo } from "../../router/compile";
import { defineEndpoint } from "../../router/endpoint";
import { coreRoutes } from "../routes";
import { formPostRedirect, oauthCallback } from "../social/callback";

/**
 * GET /callback/:id: the provider sends the browser back here with code and state (or an error);
 * always answers with a redirect (spec sections 7 and 8). POST (form_post, Apple) redirects to
 * the GET form with the same parameters, where the browser's cookies come along.
 */
export const callbackOAuth = defineEndpoint(coreRoutes.callback, {
  produces: ["redirect"],
  // Parameters are checked by the flow: a bad request is a redirect (invalid_callback_request), not a 400.
  body: z.unknown(),
  query: z.unknown(),
  auth: "optional",
  async handler({ rc, params, body, query, session, request }): Promise<never> {
    const id = params.id ?? "";
    if (request?.method === "POST") throw redirectTo(rc, formPostRedirect(rc, id, body, query));
    throw redirectTo(rc, await oauthCallback(rc, id, request ? query : (query ?? body), session));
  },
});
