import { jwtVerify, SignJWT } from "jose";
import type { AppContext } from "../../kernel/app-context";
import { AUTH_ERRORS } from "../../kernel/errors";
import type { RequestContext } from "../../kernel/request-context";
import type { UserRow } from "../users/repository";

export interface EmailTokenClaims {
  email: string;
  updateTo?: string;
}

/** A signed JWT (HS256, key imported once) carrying the email and an optional new address. */
export async function createEmailToken(app: AppContext, claims: EmailTokenClaims, expiresIn: number) {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt()
    .setExpirationTime(Math.floor(app.now().getTime() / 1000) + expiresIn)
    .sign(await app.keys.jwtKey());
}

export type EmailTokenResult =
  | { ok: true; claims: EmailTokenClaims }
  | { ok: false; error: "token_expired" | "invalid_token" };

export async function verifyEmailToken(app: AppContext, token: string): Promise<EmailTokenResult> {
  try {
    const { payload } = await jwtVerify(token, await app.keys.jwtKey(), {
      algorithms: ["HS256"],
      currentDate: app.now(),
    });
    if (typeof payload.email !== "string") return { ok: false, error: "invalid_token" };
    return {
      ok: true,
      claims: {
        email: payload.email,
        ...(typeof payload.updateTo === "string" ? { updateTo: payload.updateTo } : {}),
      },
    };
  } catch (error) {
    const expired = error instanceof Error && "code" in error && error.code === "ERR_JWT_EXPIRED";
    return { ok: false, error: expired ? "token_expired" : "invalid_token" };
  }
}

/**
 * Sends the verification email: `{base}/verify-email?token=...&callbackURL=...` (spec section 7).
 * Throws "Verification email isn't enabled" when no sender is configured.
 */
export async function sendVerificationEmail(
  rc: RequestContext,
  user: UserRow,
  opts: { callbackURL?: string; updateTo?: string; to?: "current" } = {},
) {
  const { app } = rc;
  const send = app.options.emailVerification?.sendVerificationEmail;
  if (!send) throw AUTH_ERRORS.VERIFICATION_EMAIL_ISN_T_ENABLED();
  const expiresIn = app.options.emailVerification?.expiresIn ?? 3600;
  const token = await createEmailToken(
    app,
    { email: user.email, ...(opts.updateTo ? { updateTo: opts.updateTo } : {}) },
    expiresIn,
  );
  const url = new URL(`${app.baseURL}/verify-email`);
  url.searchParams.set("token", token);
  url.searchParams.set("callbackURL", opts.callbackURL ?? "/");
  await send({ user, url: url.toString(), token }, rc.request);
}
