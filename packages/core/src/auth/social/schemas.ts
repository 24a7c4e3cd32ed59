import { z } from "zod";

/** The `idToken` body field of /sign-in/social and /link-social (tokens obtained by a native SDK). */
export const idTokenBody = z.object({
  token: z.string(),
  nonce: z.string().optional(),
  accessToken: z.string().optional(),
  refreshToken: z.string().optional(),
  /** Access-token expiry, epoch milliseconds (epoch seconds are recognised too). */
  expiresAt: z.number().optional(),
  scopes: z.array(z.string()).optional(),
  /** Apple: the name and email its SDK hands over on the first sign-in. */
  user: z
    .object({
      name: z.object({ firstName: z.string().optional(), lastName: z.string().optional() }).optional(),
      email: z.string().optional(),
    })
    .optional(),
});

export type IdTokenBody = z.output<typeof idTokenBody>;
