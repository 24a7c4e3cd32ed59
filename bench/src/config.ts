/**
 * The one configuration both libraries get: same secret, base URL, session lifetimes and
 * cookie-cache settings, email/password on, rate limiting off (it is measured by neither scenario),
 * telemetry and tracing off. Anything a library does beyond this is part of what is measured.
 */
export const SECRET = "gatehouse-bench-secret-0123456789abcdef-0123456789abcdef";
export const ORIGIN = "http://localhost:3000";
export const BASE_PATH = "/api/auth";
export const BASE_URL = `${ORIGIN}${BASE_PATH}`;
export const PASSWORD = "correct horse battery staple";

export const SESSION = {
  /** Seconds: 7 days, both libraries' default. */
  expiresIn: 7 * 24 * 3600,
  /** Seconds: 1 day, both defaults; fresh sessions are never refreshed during a run. */
  updateAge: 24 * 3600,
  /** Seconds: better-auth's default (Gatehouse's is 60); long enough to outlive a scenario. */
  cookieCacheMaxAge: 300,
} as const;

export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Sessions the list-sessions scenario's user holds. */
export const LIST_SESSIONS_COUNT = 20;
