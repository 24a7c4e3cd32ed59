import type { DatabaseAdapter } from "../db/adapter";
import type { FieldMap } from "../db/model";
import type { LoggerOptions } from "../logger/logger";
import type { SecondaryStorage } from "../storage/secondary-storage";
import type { Account, Session, User } from "./models";
import type { AnyPlugin } from "./plugin";
import type { SocialProvidersOptions } from "./social/providers";

type Awaitable<T> = T | Promise<T>;

/** The change-email confirmation sender (`user.changeEmail.sendChangeEmailConfirmation`). */
export type ChangeEmailSender = (
  data: EmailMessageBase & { newEmail: string },
  request?: Request,
) => Awaitable<void>;

export interface EmailMessageBase {
  user: User & Record<string, unknown>;
  url: string;
  token: string;
}

/** A database hook may return replacement data, or `false` to refuse the write. */
export interface ModelHooks<T> {
  create?: {
    before?: (
      data: T & Record<string, unknown>,
    ) => Awaitable<{ data: Partial<T> & Record<string, unknown> } | false | undefined>;
    after?: (row: T & Record<string, unknown>) => Awaitable<void>;
  };
  update?: {
    before?: (
      data: Partial<T> & Record<string, unknown>,
    ) => Awaitable<{ data: Partial<T> & Record<string, unknown> } | false | undefined>;
    after?: (row: T & Record<string, unknown>) => Awaitable<void>;
  };
}

export interface RateLimitRule {
  /** Window length in seconds. */
  readonly window: number;
  /** Requests allowed per window. */
  readonly max: number;
}

export interface AuthOptions {
  appName?: string;
  /** The app's public URL (origin, optionally with the base path). Validated: "Invalid base URL". */
  baseURL?: string;
  /** Where the handler is mounted. Default "/api/auth". */
  basePath?: string;
  /** Signing/encryption secret; required outside tests (env GATEHOUSE_SECRET or BETTER_AUTH_SECRET). */
  secret?: string;
  database?: DatabaseAdapter;
  /** Sessions (and rate limits) in a key-value store such as Redis; the database becomes optional. */
  secondaryStorage?: SecondaryStorage;
  emailAndPassword?: {
    enabled?: boolean;
    disableSignUp?: boolean;
    /** Default 8. */
    minPasswordLength?: number;
    /** Default 128. */
    maxPasswordLength?: number;
    requireEmailVerification?: boolean;
    /** Sign the user in after sign-up. Default true. */
    autoSignIn?: boolean;
    sendResetPassword?: (data: EmailMessageBase, request?: Request) => Awaitable<void>;
    /** Seconds. Default 3600. */
    resetPasswordTokenExpiresIn?: number;
    revokeSessionsOnPasswordReset?: boolean;
    password?: {
      hash?: (password: string) => Promise<string>;
      verify?: (data: { hash: string; password: string }) => Promise<boolean>;
      /**
       * How many hashes or verifications run at once; more wait in a queue, so a burst of
       * sign-ups cannot take every core from the requests that only read. Applies to custom
       * `hash`/`verify` too. Default: the number of cores minus one (at least 1).
       */
      concurrency?: number;
    };
  };
  emailVerification?: {
    sendVerificationEmail?: (data: EmailMessageBase, request?: Request) => Awaitable<void>;
    sendOnSignUp?: boolean;
    sendOnSignIn?: boolean;
    autoSignInAfterVerification?: boolean;
    /** Seconds. Default 3600. */
    expiresIn?: number;
  };
  session?: {
    /** Seconds. Default 7 days. */
    expiresIn?: number;
    /** Seconds. Default 1 day. */
    updateAge?: number;
    /** Seconds. Default 1 day; 0 disables the fresh-session guard. */
    freshAge?: number;
    disableSessionRefresh?: boolean;
    /** Keep sessions in the database too when secondary storage is configured. */
    storeSessionInDatabase?: boolean;
    cookieCache?: {
      enabled?: boolean;
      /** Seconds. Default 60. */
      maxAge?: number;
      /** "compact" signs the payload; "encrypted" hides it (AES-256-GCM). Default "compact". */
      strategy?: "compact" | "encrypted";
    };
    additionalFields?: FieldMap;
  };
  user?: {
    additionalFields?: FieldMap;
    changeEmail?: {
      enabled?: boolean;
      /**
       * Mails the current address a link (`url`, `token`) carrying `newEmail`; opening it applies
       * the change (spec section 4). better-auth 1.7's name.
       */
      sendChangeEmailConfirmation?: ChangeEmailSender;
      /** @deprecated The earlier name of `sendChangeEmailConfirmation`; used when that one is unset. */
      sendChangeEmailVerification?: ChangeEmailSender;
      /**
       * Unverified users change their email at once (then a verification link goes to the new
       * address). Default false, as better-auth: they confirm from the current address like verified users.
       */
      updateEmailWithoutVerification?: boolean;
    };
    deleteUser?: {
      enabled?: boolean;
      sendDeleteAccountVerification?: (data: EmailMessageBase, request?: Request) => Awaitable<void>;
      beforeDelete?: (user: User & Record<string, unknown>, request?: Request) => Awaitable<void>;
      afterDelete?: (user: User & Record<string, unknown>, request?: Request) => Awaitable<void>;
      /** Seconds. Default 86400. */
      deleteTokenExpiresIn?: number;
    };
  };
  account?: {
    additionalFields?: FieldMap;
    /** Encrypt OAuth tokens at rest. Default false. */
    encryptOAuthTokens?: boolean;
    accountLinking?: {
      enabled?: boolean;
      trustedProviders?: string[];
      allowDifferentEmails?: boolean;
      allowUnlinkingAll?: boolean;
      updateUserInfoOnLink?: boolean;
    };
    /** Store the provider's new tokens on every social sign-in. Default true. */
    updateAccountOnSignIn?: boolean;
    /** Never create users through social sign-in, whatever the provider says. Default false. */
    disableSignUp?: boolean;
  };
  /** Social sign-in providers by id (built-in ids, or any other id for a generic OAuth/OIDC provider). */
  socialProviders?: SocialProvidersOptions;
  verification?: { additionalFields?: FieldMap };
  /** Extra trusted origins (patterns with `*` allowed), or a function of the request. */
  trustedOrigins?: string[] | ((request: Request | undefined) => Awaitable<string[]>);
  rateLimit?: {
    /** Default: on everywhere except tests (`NODE_ENV=test`). */
    enabled?: boolean;
    window?: number;
    max?: number;
    storage?: "memory" | "database" | "secondary-storage";
    customRules?: Record<string, RateLimitRule | false>;
  };
  databaseHooks?: {
    user?: ModelHooks<User>;
    session?: ModelHooks<Session>;
    account?: ModelHooks<Account>;
  };
  plugins?: readonly AnyPlugin[];
  logger?: LoggerOptions;
  advanced?: {
    cookiePrefix?: string;
    useSecureCookies?: boolean;
    disableCSRFCheck?: boolean;
    defaultCookieAttributes?: {
      domain?: string;
      sameSite?: "lax" | "strict" | "none";
      partitioned?: boolean;
    };
    /**
     * Headers carrying the client IP, first match wins. Default ["x-forwarded-for"]. They are read
     * only behind a trusted proxy (`trustedProxies`); otherwise the client IP is the socket's address.
     */
    ipAddressHeaders?: string[];
    /**
     * The proxies in front of the app whose forwarding headers are believed: IPv4/IPv6 addresses
     * or CIDR ranges (`["10.0.0.0/8", "::1"]`), or `true` when the platform always sets the header
     * (serverless, or a Web handler that cannot see the socket). Default: none, so
     * `X-Forwarded-For` and the like are ignored and the socket address (`toNodeHandler`) is used.
     */
    trustedProxies?: readonly string[] | boolean;
    /**
     * Receives work that runs after the response (the mail of a password reset for an existing
     * address), e.g. `(task) => waitUntil(task)` on serverless platforms. Default: runs detached.
     */
    backgroundTasks?: (task: Promise<unknown>) => void;
    /** Largest request body accepted, in bytes; larger bodies get 413. Default 1 MiB (1048576). */
    maxBodySize?: number;
    /** Clock for every time decision (tests move time with it). */
    now?: () => Date;
  };
  /** Called with every unexpected (500) error. */
  onAPIError?: (error: unknown) => void;
}
