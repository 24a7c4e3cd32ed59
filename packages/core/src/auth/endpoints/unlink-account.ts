import { z } from "zod";
import { defineEndpoint } from "../../kernel/endpoint";
import { coreRoutes } from "../../kernel/routes";
import { unlinkAccount as unlink } from "../social/accounts";

/** POST /unlink-account {providerId, accountId?} -> {status: true}; needs a fresh session. */
export const unlinkAccount = defineEndpoint(coreRoutes.unlinkAccount, {
  body: z.object({ providerId: z.string(), accountId: z.string().optional() }),
  auth: "fresh",
  handler: ({ app, body, session }) => unlink(app, session.user.id, body),
});
