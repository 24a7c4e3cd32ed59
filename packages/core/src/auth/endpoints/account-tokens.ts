import { z } from "zod";
import { defineEndpoint } from "../../kernel/endpoint";
import { coreRoutes } from "../../kernel/routes";
import { getAccessToken as accessToken, refreshToken as refresh } from "../social/account-tokens";

/** `userId` is honoured only for trusted server calls without a session. */
const accountTokenBody = z.object({
  providerId: z.string(),
  accountId: z.string().optional(),
  userId: z.string().optional(),
});

/** POST /get-access-token -> {accessToken, accessTokenExpiresAt, scopes, idToken}; refreshes when < 5 s remain. */
export const getAccessToken = defineEndpoint(coreRoutes.getAccessToken, {
  body: accountTokenBody,
  auth: "optional",
  noStore: true,
  handler: ({ rc, body, session }) => accessToken(rc, session, body),
});

/** POST /refresh-token: refreshes now -> the new tokens with refreshToken and refreshTokenExpiresAt. */
export const refreshToken = defineEndpoint(coreRoutes.refreshToken, {
  body: accountTokenBody,
  auth: "optional",
  noStore: true,
  handler: ({ rc, body, session }) => refresh(rc, session, body),
});
