import { assertKeyAccess, type KeyOwner, ownerOf } from "./access";
import { createKeyCache } from "./cache";
import type { AppContext, Row } from "./deps";
import { API_KEY_ERRORS } from "./errors";
import { generateKey, hashKey } from "./key";
import type { ApiKeyRow, Permissions } from "./models";
import type { ResolvedApiKeyOptions } from "./options";
import { apiKeyRepository, type ListArgs } from "./repository";
import { createKeyRules } from "./rules";
import { type ApiKey, toApiKey } from "./shape";
import { createVerifier } from "./verify";

export interface CreateKeyInput {
  readonly name?: string;
  readonly expiresIn?: number | null;
  readonly prefix?: string;
  readonly metadata?: unknown;
  readonly configId?: string;
  readonly organizationId?: string;
  readonly remaining?: number | null;
  readonly refillAmount?: number;
  readonly refillInterval?: number;
  readonly rateLimitEnabled?: boolean;
  readonly rateLimitTimeWindow?: number;
  readonly rateLimitMax?: number;
  readonly permissions?: Permissions | null;
}

export type UpdateKeyInput = Omit<CreateKeyInput, "prefix" | "organizationId" | "configId"> & {
  readonly keyId: string;
  readonly configId?: string;
  readonly enabled?: boolean;
};

const UPDATABLE = [
  "name",
  "enabled",
  "metadata",
  "remaining",
  "refillAmount",
  "refillInterval",
  "rateLimitEnabled",
  "rateLimitTimeWindow",
  "rateLimitMax",
  "permissions",
] as const;

/**
 * The API-key service: creation (the plaintext key is in this one answer only), reads, updates,
 * deletion, listing, verification and the expired-key sweep. Callers pass the acting user id;
 * access follows `assertKeyAccess`.
 */
export function createApiKeyService(app: AppContext, opts: ResolvedApiKeyOptions) {
  const repo = () => apiKeyRepository(app.adapter);
  const cache = createKeyCache(app, opts.cacheTtl);
  const rules = createKeyRules(opts);

  async function findOwned(
    userId: string,
    keyId: string,
    configId: string | undefined,
    action: "read" | "update" | "delete",
  ) {
    const row = await repo().findById(keyId);
    if (!row || row.configId !== (configId ?? "default")) throw API_KEY_ERRORS.API_KEY_NOT_FOUND();
    await assertKeyAccess(app, ownerOf(row), userId, action);
    return row;
  }

  return {
    verify: createVerifier(app, opts, cache),

    async create(userId: string, input: CreateKeyInput): Promise<ApiKey & { key: string }> {
      const owner: KeyOwner = input.organizationId
        ? { type: "organization", id: input.organizationId }
        : { type: "user", id: userId };
      await assertKeyAccess(app, owner, userId, "create");
      rules.checkName(input.name, opts.requireName);
      const prefix = input.prefix ?? opts.defaultPrefix;
      rules.checkPrefix(prefix);
      rules.checkMetadata(input.metadata);
      rules.checkRefill(input.refillAmount, input.refillInterval);
      const now = app.now();
      const custom = rules.expiresAt(input.expiresIn, now);
      const defaultExpiry =
        opts.expiration.defaultMs === null ? null : new Date(now.getTime() + opts.expiration.defaultMs);
      const key = generateKey(prefix, opts.keyLength);
      const row = await repo().create({
        configId: input.configId ?? "default",
        name: input.name ?? null,
        start: opts.startLength > 0 ? key.slice(0, opts.startLength) : null,
        prefix: prefix ?? null,
        key: await hashKey(app, key),
        referenceId: owner.id,
        referenceType: owner.type,
        refillAmount: input.refillAmount ?? null,
        refillInterval: input.refillInterval ?? null,
        lastRefillAt: null,
        enabled: true,
        rateLimitEnabled: input.rateLimitEnabled ?? opts.rateLimit.enabled,
        rateLimitTimeWindow: input.rateLimitTimeWindow ?? opts.rateLimit.timeWindow,
        rateLimitMax: input.rateLimitMax ?? opts.rateLimit.maxRequests,
        remaining: input.remaining ?? input.refillAmount ?? null,
        expiresAt: custom === undefined ? defaultExpiry : custom,
        permissions: input.permissions ?? opts.defaultPermissions ?? null,
        metadata: (input.metadata as Row | undefined) ?? null,
        createdAt: now,
        updatedAt: now,
      });
      return { ...toApiKey(app, row), key };
    },

    async get(userId: string, keyId: string, configId?: string): Promise<ApiKey> {
      return toApiKey(app, await findOwned(userId, keyId, configId, "read"));
    },

    async update(userId: string, input: UpdateKeyInput): Promise<ApiKey> {
      const row = await findOwned(userId, input.keyId, input.configId, "update");
      rules.checkName(input.name, false);
      rules.checkMetadata(input.metadata);
      if (input.refillAmount !== undefined || input.refillInterval !== undefined) {
        rules.checkRefill(input.refillAmount, input.refillInterval);
      }
      const changes: Row = {};
      for (const field of UPDATABLE) if (input[field] !== undefined) changes[field] = input[field];
      const expiresAt = rules.expiresAt(input.expiresIn, app.now());
      if (expiresAt !== undefined) changes.expiresAt = expiresAt;
      if (Object.keys(changes).length === 0) throw API_KEY_ERRORS.NO_VALUES_TO_UPDATE();
      let updated: ApiKeyRow | null;
      try {
        updated = await repo().update(row.id, changes);
      } catch (error) {
        app.logger.error("Failed to update API key", { id: row.id, error });
        updated = null;
      }
      await cache.drop(row.key);
      if (!updated) throw API_KEY_ERRORS.FAILED_TO_UPDATE_API_KEY();
      return toApiKey(app, updated);
    },

    async remove(userId: string, keyId: string, configId?: string): Promise<{ success: true }> {
      const row = await findOwned(userId, keyId, configId, "delete");
      await repo().delete(row.id);
      await cache.drop(row.key);
      return { success: true };
    },

    async list(
      userId: string,
      args: Omit<ListArgs, "referenceId" | "configId"> & { organizationId?: string; configId?: string },
    ) {
      const owner: KeyOwner = args.organizationId
        ? { type: "organization", id: args.organizationId }
        : { type: "user", id: userId };
      await assertKeyAccess(app, owner, userId, "read");
      const { rows, total } = await repo().list({
        ...args,
        referenceId: owner.id,
        configId: args.configId ?? "default",
      });
      return { apiKeys: rows.map((r) => toApiKey(app, r)), total, limit: args.limit, offset: args.offset };
    },

    /** Deletes every key whose expiry has passed. */
    async deleteExpired(): Promise<{ success: boolean; error: unknown }> {
      try {
        await repo().deleteExpired(app.now());
        return { success: true, error: null };
      } catch (error) {
        app.logger.error("Failed to delete expired API keys", error);
        return { success: false, error: { message: "Failed to delete expired API keys" } };
      }
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;

/** The API-key service of an app (plugin id "api-key"). */
export function apiKeyService(app: AppContext): ApiKeyService {
  const service = app.services["api-key"];
  if (!service) throw new Error("The API-key plugin is not installed: add apiKey() to `plugins`.");
  return service as ApiKeyService;
}
