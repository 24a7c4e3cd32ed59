import { z } from "zod";
import type { RequestContext, SessionWithUser } from "./deps";
import { API_KEY_ERRORS } from "./errors";
import type { ResolvedApiKeyOptions } from "./options";

const DAY_SECONDS = 24 * 60 * 60;
const id = () => z.string().min(1).max(255);

export const permissionsInput = z.record(z.string().max(64), z.array(z.string().max(64)).max(64));

/** Fields only trusted server code may set (`auth.api.createApiKey({ body })`); HTTP gets 400. */
export const serverOnlyInput = {
  userId: id().optional(),
  remaining: z.number().int().min(0).nullable().optional(),
  refillAmount: z.number().int().min(1).optional(),
  refillInterval: z.number().int().min(1).optional(),
  rateLimitEnabled: z.boolean().optional(),
  rateLimitTimeWindow: z.number().int().min(1).optional(),
  rateLimitMax: z.number().int().min(1).optional(),
  permissions: permissionsInput.nullable().optional(),
};
const SERVER_ONLY_FIELDS = Object.keys(serverOnlyInput);

export const keyIdInput = { keyId: id(), configId: z.string().max(64).optional() };
export const idInput = id;

/**
 * The user acting: the session's user, or a `userId` named by a server call. Over HTTP, no session
 * is 401 and a `userId` or another server-only property is 400 (spec section 8: 401 only means
 * "no session"; better-auth answers 401 for `userId`).
 */
export function callerOf(
  rc: RequestContext,
  session: SessionWithUser | null,
  body: Readonly<Record<string, unknown>>,
): string {
  if (!rc.isServerCall) {
    if (!session) throw API_KEY_ERRORS.UNAUTHORIZED_OR_INVALID_SESSION();
    if (SERVER_ONLY_FIELDS.some((f) => body[f] !== undefined)) {
      throw API_KEY_ERRORS.THE_PROPERTY_YOU_RE_TRYING_TO_SET_CAN_ONLY_BE_SET_FROM_THE_SERVER_AUTH_INSTANCE_ONLY();
    }
    return session.user.id;
  }
  const userId = session?.user.id ?? (body.userId as string | undefined);
  if (!userId) throw API_KEY_ERRORS.UNAUTHORIZED_OR_INVALID_SESSION();
  return userId;
}

/** Name, metadata, expiry and refill rules shared by create and update. */
export function createKeyRules(opts: ResolvedApiKeyOptions) {
  return {
    checkName(name: string | undefined, required: boolean) {
      if (name === undefined) {
        if (required) throw API_KEY_ERRORS.API_KEY_NAME_IS_REQUIRED();
        return;
      }
      if (name.length < opts.nameLength.min || name.length > opts.nameLength.max) {
        throw API_KEY_ERRORS.THE_NAME_LENGTH_IS_EITHER_TOO_LARGE_OR_TOO_SMALL();
      }
    },
    checkPrefix(prefix: string | undefined) {
      if (prefix === undefined) return;
      if (prefix.length < opts.prefixLength.min || prefix.length > opts.prefixLength.max) {
        throw API_KEY_ERRORS.THE_PREFIX_LENGTH_IS_EITHER_TOO_LARGE_OR_TOO_SMALL();
      }
    },
    checkMetadata(metadata: unknown) {
      if (metadata === undefined) return;
      if (!opts.enableMetadata) throw API_KEY_ERRORS.METADATA_IS_DISABLED();
      if (metadata === null || typeof metadata !== "object" || Array.isArray(metadata)) {
        throw API_KEY_ERRORS.METADATA_MUST_BE_AN_OBJECT_OR_UNDEFINED();
      }
    },
    checkRefill(amount: number | undefined, interval: number | undefined) {
      if (interval !== undefined && amount === undefined) {
        throw API_KEY_ERRORS.REFILLAMOUNT_IS_REQUIRED_WHEN_REFILLINTERVAL_IS_PROVIDED();
      }
      if (amount !== undefined && interval === undefined) {
        throw API_KEY_ERRORS.REFILLINTERVAL_IS_REQUIRED_WHEN_REFILLAMOUNT_IS_PROVIDED();
      }
    },
    /** `expiresIn` (seconds; null: never) to a date; undefined keeps the default (create) or the row. */
    expiresAt(expiresIn: number | null | undefined, now: Date): Date | null | undefined {
      if (expiresIn === undefined) return undefined;
      if (opts.expiration.disableCustom) throw API_KEY_ERRORS.CUSTOM_KEY_EXPIRATION_VALUES_ARE_DISABLED();
      if (expiresIn === null) return null;
      if (expiresIn < opts.expiration.minDays * DAY_SECONDS) {
        throw API_KEY_ERRORS.THE_EXPIRESIN_IS_SMALLER_THAN_THE_PREDEFINED_MINIMUM_VALUE();
      }
      if (expiresIn > opts.expiration.maxDays * DAY_SECONDS) {
        throw API_KEY_ERRORS.THE_EXPIRESIN_IS_LARGER_THAN_THE_PREDEFINED_MAXIMUM_VALUE();
      }
      return new Date(now.getTime() + expiresIn * 1000);
    },
  };
}

export type KeyRules = ReturnType<typeof createKeyRules>;
