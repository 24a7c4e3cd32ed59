import type { AppContext } from "../kernel/app-context";
import { AUTH_ERRORS } from "../kernel/errors";
import type { RateLimitRule } from "../kernel/options";
import { createRequestContext } from "../kernel/request-context";
import type { Incoming } from "../router/incoming";
import { createRuleResolver, DEFAULT_RATE_LIMIT_RULES, type RuleEntry } from "./rules";
import {
  databaseRateLimitStore,
  memoryRateLimitStore,
  type RateLimitHit,
  type RateLimitStore,
  secondaryStorageRateLimitStore,
} from "./stores";

export {
  createRuleResolver,
  DEFAULT_RATE_LIMIT_RULES,
  databaseRateLimitStore,
  memoryRateLimitStore,
  type RateLimitHit,
  type RateLimitStore,
  type RuleEntry,
  secondaryStorageRateLimitStore,
};

/** Defaults of the global rule (seconds, requests). */
export const DEFAULT_RATE_LIMIT_WINDOW = 10;
export const DEFAULT_RATE_LIMIT_MAX = 100;

export type RateLimitStorage = "memory" | "database" | "secondary-storage";

export interface RateLimiter {
  /** True when requests are counted at all. */
  readonly enabled: boolean;
  readonly storage: RateLimitStorage;
  /**
   * Counts an HTTP request to `path` (relative to the base path, e.g. "/sign-in/email"). Returns
   * the 429 response when it is over its limit, or null when it may proceed.
   */
  check(request: Incoming, path: string): Promise<Response | null>;
}

/** The storage a configuration uses: explicit, else secondary storage when configured, else memory. */
export function resolveRateLimitStorage(
  app: Pick<AppContext, "options" | "secondaryStorage">,
): RateLimitStorage {
  return app.options.rateLimit?.storage ?? (app.secondaryStorage ? "secondary-storage" : "memory");
}

function createStore(app: AppContext, storage: RateLimitStorage): RateLimitStore {
  if (storage === "memory") return memoryRateLimitStore();
  if (storage === "database") return databaseRateLimitStore(app.adapter);
  if (!app.secondaryStorage) {
    throw new Error('rateLimit.storage is "secondary-storage" but no `secondaryStorage` is configured.');
  }
  return secondaryStorageRateLimitStore(app.secondaryStorage);
}

/**
 * The 429 body. Like every error, its code is derived from the message (spec section 8):
 * "TOO_MANY_REQUESTS_PLEASE_TRY_AGAIN_LATER"; clients can also match on the 429 status.
 */
function tooManyRequests(retryAfterSeconds: number): Response {
  const spec = AUTH_ERRORS.TOO_MANY_REQUESTS_PLEASE_TRY_AGAIN_LATER;
  return Response.json(
    { message: spec.message, code: spec.code },
    { status: spec.status, headers: { "X-Retry-After": String(retryAfterSeconds) } },
  );
}

/**
 * The HTTP rate limiter, built once at init. Requests are counted per client IP and path in fixed
 * windows; the rule of a path comes from the user's `customRules`, then plugin rules, then the
 * defaults (strict on credential endpoints), then the global window/max. Server calls
 * (`auth.api.x`) never pass through it.
 */
export function createRateLimiter(app: AppContext): RateLimiter {
  const options = app.options.rateLimit ?? {};
  // On by default in every environment except tests (NODE_ENV=test, which Vitest and Jest set).
  const enabled = options.enabled ?? process.env.NODE_ENV !== "test";
  const storage = resolveRateLimitStorage(app);
  if (!enabled) {
    return { enabled, storage, check: async () => null };
  }

  const global: RateLimitRule = {
    window: options.window ?? DEFAULT_RATE_LIMIT_WINDOW,
    max: options.max ?? DEFAULT_RATE_LIMIT_MAX,
  };
  const ruleFor = createRuleResolver({ global, custom: options.customRules, plugins: app.plugins });
  const store = createStore(app, storage);
  let warnedNoIp = false;

  return {
    enabled,
    storage,
    async check(request, path) {
      const rule = ruleFor(path);
      if (rule === false) return null;
      const ip = createRequestContext(app, { incoming: request, isServerCall: false }).ip();
      if (!ip) {
        if (!warnedNoIp) {
          warnedNoIp = true;
          app.logger.warn(
            "Rate limiting skipped: the client IP is unknown. Use toNodeHandler (socket address), or set advanced.trustedProxies when a proxy or platform sets the forwarding header.",
          );
        }
        return null;
      }
      const now = app.now().getTime();
      let hit: RateLimitHit;
      try {
        hit = await store.hit(`${ip}|${path}`, rule, now);
      } catch (error) {
        // Fail open: an unreachable counter store must not take sign-in down with it.
        app.logger.error("Rate limit check failed; the request is let through", error);
        return null;
      }
      if (hit.allowed) return null;
      return tooManyRequests(Math.max(1, Math.ceil((hit.resetAt - now) / 1000)));
    },
  };
}
