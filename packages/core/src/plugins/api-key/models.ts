import { currentTime, type FieldMap, type PluginSchema, type RowOf } from "./deps";

const now = currentTime;
const hidden = { input: false, returned: false } as const;

/**
 * The one declaration of the `apikey` model: the row type, the response shape and the migration
 * derive from it. `key` holds the keyed hash (HMAC-SHA256) of the key, never the key; `start` keeps
 * its first characters for display. `referenceId` is the owner: a user id, or an organization id
 * when `referenceType` is "organization". Durations are milliseconds (refill, rate-limit window).
 */
export const apiKeyFields = {
  configId: { type: "string", required: true, default: "default", input: false, maxLength: 64 },
  name: { type: "string", required: false },
  start: { type: "string", required: false, input: false },
  prefix: { type: "string", required: false },
  key: { type: "string", required: true, unique: true, ...hidden, maxLength: 64 },
  referenceId: { type: "string", required: true, index: true, input: false },
  referenceType: { type: "string", required: true, default: "user", ...hidden, maxLength: 16 },
  refillInterval: { type: "number", required: false, bigint: true },
  refillAmount: { type: "number", required: false },
  lastRefillAt: { type: "date", required: false, input: false },
  enabled: { type: "boolean", required: true, default: true },
  rateLimitEnabled: { type: "boolean", required: true, default: true },
  rateLimitTimeWindow: { type: "number", required: false, bigint: true },
  rateLimitMax: { type: "number", required: false },
  requestCount: { type: "number", required: true, default: 0, input: false },
  /** Start of the current rate-limit window (atomic window resets compare against it). */
  rateLimitWindowStart: { type: "date", required: false, ...hidden },
  remaining: { type: "number", required: false },
  lastRequest: { type: "date", required: false, input: false },
  expiresAt: { type: "date", required: false },
  permissions: { type: "json", required: false },
  metadata: { type: "json", required: false },
  createdAt: { type: "date", required: true, default: now, input: false },
  updatedAt: { type: "date", required: true, default: now, onUpdate: now, input: false },
} as const satisfies FieldMap;

export type Permissions = Readonly<Record<string, readonly string[]>>;

export type ApiKeyRow = RowOf<
  typeof apiKeyFields,
  {
    referenceType: "user" | "organization";
    permissions: Permissions;
    metadata: Record<string, unknown>;
  }
>;

export const apiKeySchema = {
  apikey: { fields: apiKeyFields },
} as const satisfies PluginSchema;
