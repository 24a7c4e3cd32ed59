import { fromBase64Url, toBase64Url, utf8 } from "../../crypto/encoding";
import type { SessionWithUser } from "../../kernel/models";
import type { RequestContext } from "../../kernel/request-context";
import { rememberCookieOrigin } from "./answer";
import { copyRevived, reviveDates } from "./store";

/** Spec sections 5 and 9: the encoded cookie-cache value may not exceed 4093 characters. */
export const MAX_COOKIE_CACHE_LENGTH = 4093;

interface CachePayload {
  s: SessionWithUser;
  /** Cache expiry, epoch ms. */
  e: number;
}

/** Sets the signed session-token cookie; a non-remembered session gets a browser-session cookie. */
export async function setSessionTokenCookie(rc: RequestContext, token: string, dontRemember: boolean) {
  const { app } = rc;
  const signed = await app.keys.signValue(token);
  rc.setCookie(app.cookies.names.sessionToken, signed, dontRemember ? {} : { maxAge: app.session.expiresIn });
  if (dontRemember) rc.setCookie(app.cookies.names.dontRemember, await app.keys.signValue("true"), {});
  else if (rc.getCookie(app.cookies.names.dontRemember)) rc.deleteCookie(app.cookies.names.dontRemember);
}

export async function readSessionToken(rc: RequestContext): Promise<string | null> {
  const raw = rc.getCookie(rc.app.cookies.names.sessionToken);
  return raw ? rc.app.keys.unsignValue(raw) : null;
}

export async function readDontRemember(rc: RequestContext): Promise<boolean> {
  const raw = rc.getCookie(rc.app.cookies.names.dontRemember);
  return raw !== null && (await rc.app.keys.unsignValue(raw)) === "true";
}

/** Encodes the cookie cache; null when it would exceed the 4093-character limit. */
export async function encodeCookieCache(rc: RequestContext, value: SessionWithUser): Promise<string | null> {
  const { app } = rc;
  const payload: CachePayload = { s: value, e: app.now().getTime() + app.session.cookieCache.maxAge * 1000 };
  const json = JSON.stringify(payload);
  const encoded =
    app.session.cookieCache.strategy === "encrypted"
      ? await app.keys.encrypt(json, "session-cache")
      : await app.keys.signValue(toBase64Url(utf8.encode(json)));
  return encoded.length <= MAX_COOKIE_CACHE_LENGTH ? encoded : null;
}

export async function setCookieCache(rc: RequestContext, value: SessionWithUser) {
  const { app } = rc;
  if (!app.session.cookieCache.enabled) return;
  const encoded = await encodeCookieCache(rc, value);
  if (encoded === null) {
    app.logger.warn(
      "Session data is larger than the 4093-character cookie limit; the cookie cache is not set",
    );
    if (rc.getCookie(app.cookies.names.sessionData)) rc.deleteCookie(app.cookies.names.sessionData);
    return;
  }
  rc.setCookie(app.cookies.names.sessionData, encoded, { maxAge: app.session.cookieCache.maxAge });
}

/*
 * Authentic payloads by their cookie text, per app: a browser sends the same cookie until it is
 * refreshed, and each request would otherwise verify (or decrypt), decode and parse it again. Only
 * flat session and user records are kept (every request still gets its own copies, from
 * `reviveDates`, so nothing shared can be changed); expiry and token are checked on every read.
 */
const PAYLOADS_LIMIT = 2048;
const payloadsByApp = new WeakMap<object, Map<string, CachePayload>>();

const isFlat = (record: unknown): boolean =>
  typeof record === "object" &&
  record !== null &&
  Object.values(record).every((v) => v === null || typeof v !== "object");

async function decodePayload(app: RequestContext["app"], raw: string): Promise<CachePayload | null> {
  let payloads = payloadsByApp.get(app);
  const known = payloads?.get(raw);
  if (known) return known;
  let json: string | null;
  if (app.session.cookieCache.strategy === "encrypted") {
    json = await app.keys.decrypt(raw, "session-cache");
  } else {
    const value = await app.keys.unsignValue(raw);
    json = value === null ? null : utf8.decode(fromBase64Url(value));
  }
  if (json === null) return null;
  const payload = JSON.parse(json) as CachePayload;
  if (payload && isFlat(payload.s?.session) && isFlat(payload.s?.user)) {
    if (!payloads) {
      payloads = new Map();
      payloadsByApp.set(app, payloads);
    }
    if (payloads.size >= PAYLOADS_LIMIT) payloads.delete(payloads.keys().next().value!);
    payloads.set(raw, payload);
  }
  return payload;
}

/** A payload's records with their dates revived, once per payload: each request gets copies. */
const revivedByPayload = new WeakMap<CachePayload, SessionWithUser>();

/** The session of an authentic payload if it is unexpired and belongs to `token`, else null. */
function sessionOf(app: RequestContext["app"], payload: CachePayload, token: string): SessionWithUser | null {
  try {
    const now = app.now().getTime();
    if (payload.e <= now || payload.s.session.token !== token) return null;
    let revived = revivedByPayload.get(payload);
    if (!revived) {
      revived = {
        session: reviveDates(app.schema.session, payload.s.session),
        user: reviveDates(app.schema.user, payload.s.user),
      };
      revivedByPayload.set(payload, revived);
    }
    if (revived.session.expiresAt.getTime() <= now) return null;
    return rememberCookieOrigin(
      {
        session: copyRevived(app.schema.session, revived.session),
        user: copyRevived(app.schema.user, revived.user),
      },
      payload,
    );
  } catch {
    return null;
  }
}

/** The cached session if the cookie is authentic, unexpired and belongs to `token`. */
export async function readCookieCache(rc: RequestContext, token: string): Promise<SessionWithUser | null> {
  const { app } = rc;
  const raw = rc.getCookie(app.cookies.names.sessionData);
  if (!raw) return null;
  let payload: CachePayload | null;
  try {
    payload = await decodePayload(app, raw);
  } catch {
    return null;
  }
  return payload === null ? null : sessionOf(app, payload, token);
}

/**
 * The cookie-cache session without asynchronous work, when both session cookies are ones this
 * process has already verified and decoded (a browser sends the same cookies request after
 * request); undefined otherwise, and then `resolve` reads them the usual way. The same checks as
 * `readCookieCache`: authentic, unexpired, for this session token.
 */
export function knownCookieCacheSession(rc: RequestContext): SessionWithUser | undefined {
  const { app } = rc;
  const rawToken = rc.getCookie(app.cookies.names.sessionToken);
  const raw = rawToken ? rc.getCookie(app.cookies.names.sessionData) : null;
  if (!rawToken || !raw) return undefined;
  const token = app.keys.knownValue(rawToken);
  const payload = token === undefined ? undefined : payloadsByApp.get(app)?.get(raw);
  if (token === undefined || payload === undefined) return undefined;
  return sessionOf(app, payload, token) ?? undefined;
}

export async function setSessionCookies(rc: RequestContext, value: SessionWithUser, dontRemember: boolean) {
  await setSessionTokenCookie(rc, value.session.token, dontRemember);
  await setCookieCache(rc, value);
}

export function clearSessionCookies(rc: RequestContext) {
  const { names } = rc.app.cookies;
  rc.deleteCookie(names.sessionToken);
  rc.deleteCookie(names.sessionData);
  rc.deleteCookie(names.dontRemember);
}
