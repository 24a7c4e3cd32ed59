import { z } from "zod";
import { defineEndpoint } from "../../router/endpoint";
import { htmlPage, newNonce } from "../../router/page-security";
import { coreRoutes } from "../routes";
import { renderErrorPage } from "./error-page";

/** GET /ok: a liveness probe. */
export const ok = defineEndpoint(coreRoutes.ok, {
  response: z.object({ ok: z.literal(true) }),
  handler: () => ({ ok: true }),
});

/** GET /error: the HTML page flows redirect to when they cannot reach the app (spec section 2). */
export const errorPage = defineEndpoint(coreRoutes.error, {
  produces: ["html"],
  handler: ({ request, app }) => {
    const code = request ? new URL(request.url).searchParams.get("error") : null;
    const nonce = newNonce();
    return htmlPage(renderErrorPage(app.appName, code, nonce), { nonce });
  },
});
