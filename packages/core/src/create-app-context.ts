import { registerDatabaseHooks } from "./auth/database-hooks";
import { createSessionService } from "./auth/session/service";
import { createSessionStore } from "./auth/session/store";
import { createUserRepository } from "./auth/users/repository";
import { createVerificationService } from "./auth/verification/service";
import { createClientIpResolver } from "./context/client-ip";
import { createCookieConfig } from "./cookies/config";
import { createHashQueue, defaultHashConcurrency } from "./crypto/hash-queue";
import { createKeyring } from "./crypto/keys";
import { createScryptHasher } from "./crypto/password";
import type { DBAdapter } from "./db/adapter";
import { defaultGenerateId } from "./db/create-db-adapter";
import type { Schema } from "./db/model";
import { createEventBus } from "./events/bus";
import type { AppContext } from "./kernel/app-context";
import type { GatehouseEvents, GatehouseHooks } from "./kernel/events";
import type { AuthOptions } from "./kernel/options";
import type { CoreServices } from "./kernel/services";
import { createLogger } from "./logger/logger";
import { createOriginChecker } from "./router/origin";

const DAY = 60 * 60 * 24;
const DEV_SECRET = "gatehouse-test-secret-not-for-production-use-000000";

export function isTestEnvironment(): boolean {
  return process.env.NODE_ENV === "test" || process.env.VITEST !== undefined;
}

/** Validates and splits the base URL: "Invalid base URL" for anything but an absolute http(s) URL. */
export function resolveBaseURL(options: AuthOptions): { origin: string; basePath: string } {
  const raw =
    options.baseURL ?? process.env.GATEHOUSE_URL ?? process.env.BETTER_AUTH_URL ?? "http://localhost:3000";
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`Invalid base URL: "${raw}". Pass an absolute URL such as "https://app.example.com".`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`Invalid base URL: "${raw}". Only http and https URLs are supported.`);
  }
  const pathFromUrl = url.pathname.replace(/\/+$/, "");
  const basePath = (options.basePath ?? (pathFromUrl || "/api/auth")).replace(/\/+$/, "") || "/";
  return { origin: url.origin, basePath };
}

function resolveSecret(options: AuthOptions): string {
  const secret = options.secret ?? process.env.GATEHOUSE_SECRET ?? process.env.BETTER_AUTH_SECRET;
  if (secret) return secret;
  if (isTestEnvironment()) return DEV_SECRET;
  throw new Error(
    "Gatehouse needs a secret to sign cookies and tokens: pass `secret` or set GATEHOUSE_SECRET (at least 32 random characters).",
  );
}

/** Builds the frozen AppContext: everything app-wide, created once. */
export function createAppContext(options: AuthOptions, schema: Schema, adapter: DBAdapter): AppContext {
  const { origin, basePath } = resolveBaseURL(options);
  const secret = resolveSecret(options);
  const logger = createLogger(options.logger);
  const hasher = createScryptHasher();
  const passwordOptions = options.emailAndPassword?.password;
  const hash = passwordOptions?.hash ?? hasher.hash;
  const verify = passwordOptions?.verify ?? hasher.verify;
  const hashQueue = createHashQueue(passwordOptions?.concurrency ?? defaultHashConcurrency());
  const staticOrigins = [origin, ...(Array.isArray(options.trustedOrigins) ? options.trustedOrigins : [])];
  const origins = createOriginChecker(staticOrigins);
  const now = options.advanced?.now ?? (() => new Date());
  const cookieCache = options.session?.cookieCache;

  const ipAddressHeaders = options.advanced?.ipAddressHeaders ?? ["x-forwarded-for"];
  const app = {
    options,
    appName: options.appName ?? "Gatehouse",
    baseURL: `${origin}${basePath === "/" ? "" : basePath}`,
    origin,
    basePath,
    secret,
    adapter,
    schema,
    logger,
    keys: createKeyring(secret),
    password: {
      hash: (password: string) => hashQueue.run(() => hash(password)),
      verify: (data: { hash: string; password: string }) => hashQueue.run(() => verify(data)),
      minLength: options.emailAndPassword?.minPasswordLength ?? 8,
      maxLength: options.emailAndPassword?.maxPasswordLength ?? 128,
    },
    cookies: createCookieConfig({
      baseURL: origin,
      prefix: options.advanced?.cookiePrefix,
      useSecureCookies: options.advanced?.useSecureCookies,
      defaults: options.advanced?.defaultCookieAttributes,
    }),
    session: {
      expiresIn: options.session?.expiresIn ?? 7 * DAY,
      updateAge: options.session?.updateAge ?? DAY,
      freshAge: options.session?.freshAge ?? DAY,
      disableRefresh: options.session?.disableSessionRefresh ?? false,
      storeInDatabase: options.session?.storeSessionInDatabase ?? false,
      cookieCache: {
        enabled: cookieCache?.enabled ?? false,
        maxAge: cookieCache?.maxAge ?? 60,
        strategy: cookieCache?.strategy ?? "compact",
      },
    },
    secondaryStorage: options.secondaryStorage,
    origins,
    async originsFor(request: Request | undefined) {
      if (typeof options.trustedOrigins !== "function") return origins;
      return createOriginChecker([...staticOrigins, ...(await options.trustedOrigins(request))]);
    },
    ipAddressHeaders,
    clientIp: createClientIpResolver(ipAddressHeaders, options.advanced?.trustedProxies),
    events: createEventBus<GatehouseEvents, GatehouseHooks>(logger),
    plugins: options.plugins ?? [],
    services: {} as Record<string, unknown>,
    core: {} as CoreServices,
    isTest: isTestEnvironment(),
    now,
  } satisfies AppContext;

  const users = createUserRepository(app);
  const sessionStore = createSessionStore(app);
  Object.assign(app.core, {
    generateId: defaultGenerateId,
    users,
    sessions: createSessionService(app, sessionStore),
    verification: createVerificationService(app),
  } satisfies CoreServices);
  registerDatabaseHooks(app);
  // Cached copies of the user inside stored sessions follow user updates.
  app.events.on("user.updated", ({ user }) => sessionStore.refreshUser(user));
  return app;
}
