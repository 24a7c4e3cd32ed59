import type { AppContext } from "../../kernel/app-context";
import type { SessionWithUser } from "../../kernel/models";
import type { RequestContext } from "../../kernel/request-context";
import { withKnownJSON } from "../../router/respond";
import { publicSession, publicUser } from "../shape";

/**
 * The cookie-cache payload a resolved session was read from (see `readCookieCache`), kept on the
 * value under a symbol (JSON and `Object.keys` skip it) rather than in a WeakMap: an entry per
 * request in a WeakMap made every young-generation collection work through them.
 */
const COOKIE_ORIGIN = Symbol("gatehouse.cookieOrigin");
type WithOrigin = SessionWithUser & { [COOKIE_ORIGIN]?: object };
/** get-session's answer per cookie-cache payload: one frozen object whose JSON is known. */
const answers = new WeakMap<object, Readonly<SessionAnswer>>();

export interface SessionAnswer {
  session: SessionWithUser["session"];
  user: SessionWithUser["user"];
}

/** `value` marked as read from the cookie-cache `payload` (the same payload object per cookie text). */
export function rememberCookieOrigin(value: SessionWithUser, payload: object): SessionWithUser {
  const marked: WithOrigin = { session: value.session, user: value.user, [COOKIE_ORIGIN]: payload };
  return marked;
}

/**
 * get-session's answer: the session and user without the fields declared `returned: false`.
 * A browser sends the same cookie-cache cookie on every request until it is refreshed: on a routed
 * request the answer from one cookie is built and serialised once, then written as that text (the
 * expiry and the session token are still checked per request by `readCookieCache`). Server calls
 * (`auth.api.getSession`) always get objects of their own.
 */
export function sessionAnswer(app: AppContext, rc: RequestContext, value: SessionWithUser): SessionAnswer {
  const origin = rc.isServerCall ? undefined : (value as WithOrigin)[COOKIE_ORIGIN];
  if (origin) {
    const known = answers.get(origin);
    if (known) return known;
  }
  const answer = { session: publicSession(app, value.session), user: publicUser(app, value.user) };
  if (!origin) return answer;
  Object.freeze(answer.session);
  Object.freeze(answer.user);
  const shared = withKnownJSON(answer, JSON.stringify(answer));
  answers.set(origin, shared);
  return shared;
}
