import { z } from "zod";
import { generateRandomString } from "../../crypto/random";
import type { AppContext } from "../../kernel/app-context";
import type { SessionWithUser } from "../../kernel/models";
import type { RequestContext } from "../../kernel/request-context";

/** Specification section 9: state lifetime 600000 ms, 128-character verifier, 32-character state id. */
export const OAUTH_STATE_TTL_SECONDS = 600;
const CODE_VERIFIER_LENGTH = 128;
const STATE_ID_LENGTH = 32;

const stateSchema = z.object({
  callbackURL: z.string().optional(),
  codeVerifier: z.string(),
  errorURL: z.string().optional(),
  newUserURL: z.string().optional(),
  link: z.object({ email: z.string(), userId: z.string() }).optional(),
  expiresAt: z.number(),
  requestSignUp: z.boolean().optional(),
});

/** The OAuth state (spec section 3), kept as a verification value keyed by the state id. */
export type OAuthState = z.output<typeof stateSchema>;

export type StateInput = Omit<OAuthState, "codeVerifier" | "expiresAt">;

/** The signed cookie binding a flow to the browser that started it. */
export function stateCookieName(app: AppContext): string {
  return `${app.cookies.secure ? "__Secure-" : ""}${app.cookies.prefix}.state`;
}

/** Stores a new state (10 minutes, single use) and binds it to this browser with a signed cookie. */
export async function createOAuthState(rc: RequestContext, input: StateInput) {
  const { app } = rc;
  const state = generateRandomString(STATE_ID_LENGTH);
  const codeVerifier = generateRandomString(CODE_VERIFIER_LENGTH);
  const value: OAuthState = {
    ...input,
    codeVerifier,
    expiresAt: app.now().getTime() + OAUTH_STATE_TTL_SECONDS * 1000,
  };
  await app.core.verification.create(state, JSON.stringify(value), OAUTH_STATE_TTL_SECONDS);
  rc.setCookie(stateCookieName(app), await app.keys.signValue(state), { maxAge: OAUTH_STATE_TTL_SECONDS });
  return { state, codeVerifier };
}

export type StateResult =
  | { ok: true; state: OAuthState }
  | { ok: false; error: "please_restart_the_process" | "state_not_found" };

function parse(value: string): OAuthState | null {
  try {
    const result = stateSchema.safeParse(JSON.parse(value));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * Reads and consumes a state (spec section 4). Unknown, used or expired: please_restart_the_process.
 * A state that exists but belongs to another flow (the browser's state cookie names a different
 * state, or a link flow started by another user than the one signed in): state_not_found, and the
 * state is left for its rightful owner. Otherwise the state is deleted (atomically: a replay
 * finds nothing) and the state cookie is cleared.
 */
export async function consumeOAuthState(
  rc: RequestContext,
  id: string,
  session: SessionWithUser | null,
): Promise<StateResult> {
  const { app } = rc;
  const row = await app.core.verification.find(id);
  if (!row) {
    await app.core.verification.delete(id); // an expired row goes too
    return { ok: false, error: "please_restart_the_process" };
  }
  const cookie = rc.getCookie(stateCookieName(app));
  if (cookie !== null && (await app.keys.unsignValue(cookie)) !== id) {
    return { ok: false, error: "state_not_found" };
  }
  const state = parse(row.value);
  if (state?.link && session && session.user.id !== state.link.userId) {
    return { ok: false, error: "state_not_found" };
  }
  const consumed = await app.core.verification.consume(id);
  if (cookie !== null) rc.deleteCookie(stateCookieName(app));
  if (!consumed || !state || state.expiresAt <= app.now().getTime()) {
    return { ok: false, error: "please_restart_the_process" };
  }
  return { ok: true, state };
}
