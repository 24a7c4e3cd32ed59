import type { CookieConfig } from "../cookies/config";
import type { Keyring } from "../crypto/keys";
import type { PasswordHasher } from "../crypto/password";
import type { DBAdapter } from "../db/adapter";
import type { Schema } from "../db/model";
import type { EventBus } from "../events/bus";
import type { Logger } from "../logger/logger";
import type { SecondaryStorage } from "../storage/secondary-storage";
import type { GatehouseEvents, GatehouseHooks } from "./events";
import type { SessionWithUser } from "./models";
import type { AuthOptions } from "./options";
import type { AnyPlugin } from "./plugin";
import type { CoreServices } from "./services";

/** The client IP of a request (`context/client-ip.ts` builds it from the proxy settings). */
export type ClientIpResolver = (headers: HeaderReader, peer: PeerSource) => string | null;

/** The peer: a request built from a socket, or its (normalised) address itself. */
export type PeerSource = Request | string | undefined;

/** What the resolver reads of the request headers (Headers, or a cheaper view of them). */
export type HeaderReader = { get(name: string): string | null };

/** Trusted-origin checks (`router/origin.ts` builds one from the origin patterns). */
export interface OriginChecker {
  isTrustedOrigin(origin: string): boolean;
  /** Is `url` (absolute or relative) a safe redirect target? */
  isTrustedURL(url: string): boolean;
}

export interface SessionConfig {
  /** Seconds. */
  readonly expiresIn: number;
  readonly updateAge: number;
  readonly freshAge: number;
  readonly disableRefresh: boolean;
  readonly storeInDatabase: boolean;
  readonly cookieCache: {
    readonly enabled: boolean;
    readonly maxAge: number;
    readonly strategy: "compact" | "encrypted";
  };
}

/**
 * Everything app-wide, built once by `createAuth` and frozen: options, adapter, keys, hasher,
 * cookie names, plugin services. Per-request state lives in RequestContext, never here.
 */
export interface AppContext {
  readonly options: AuthOptions;
  readonly appName: string;
  /** Public URL of the auth handler: origin + base path, no trailing slash. */
  readonly baseURL: string;
  readonly origin: string;
  readonly basePath: string;
  readonly secret: string;
  readonly adapter: DBAdapter;
  readonly schema: Schema;
  readonly logger: Logger;
  readonly keys: Keyring;
  readonly password: PasswordHasher & { readonly minLength: number; readonly maxLength: number };
  readonly cookies: CookieConfig;
  readonly session: SessionConfig;
  readonly secondaryStorage: SecondaryStorage | undefined;
  /** Checker for the static trusted origins (baseURL origin + options). */
  readonly origins: OriginChecker;
  /** The checker for a request (includes origins from a `trustedOrigins` function). */
  originsFor(request: Request | undefined): Promise<OriginChecker>;
  readonly ipAddressHeaders: readonly string[];
  /** The client IP of a request: the socket address, or a forwarding header from a trusted proxy. */
  readonly clientIp: ClientIpResolver;
  readonly events: EventBus<GatehouseEvents, GatehouseHooks>;
  readonly plugins: readonly AnyPlugin[];
  /** Plugin services by plugin id. */
  readonly services: Readonly<Record<string, unknown>>;
  readonly core: CoreServices;
  readonly isTest: boolean;
  now(): Date;
}

export type { SessionWithUser };
