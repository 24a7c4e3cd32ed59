import { hasCounters, type KeyCache } from "./cache";
import { type AppContext, constantTimeEqual, statementsGrant } from "./deps";
import { hashKey, MAX_KEY_LENGTH } from "./key";
import type { ApiKeyRow, Permissions } from "./models";
import type { ResolvedApiKeyOptions } from "./options";
import { apiKeyRepository } from "./repository";
import { createOneStatementCounter } from "./verify-counted";
import { fail, type VerifyOutcome } from "./verify-outcome";
import { createStepwiseCounter } from "./verify-stepwise";

export type { VerifyFailure, VerifyOutcome } from "./verify-outcome";

export interface VerifyInput {
  readonly key: string;
  readonly permissions?: Permissions;
  readonly configId?: string;
  /**
   * Must the answer show the counters as this verification left them (default true)? The header
   * principal only needs the owner and permissions: without it MySQL/MariaDB skip the read-back.
   */
  readonly counters?: boolean;
}

/**
 * Verifies a key. The checks, in order: unknown -> invalid; other configuration or missing
 * permissions -> not found; disabled; expired (deleted); then the counters: the per-key rate limit
 * and one use of `remaining` (refilled first when due).
 *
 * Database work: a key without counters is one indexed read by its hash (none when the app's
 * secondary storage holds it). A key with counters is one conditional UPDATE once its settings are
 * known (from secondary storage, or remembered by this process from an earlier read): the UPDATE is
 * guarded by the row's `updatedAt`, so settings changed elsewhere make it match nothing and the key
 * is read again. The first verification of such a key in a process (without secondary storage)
 * reads it first: two statements. Stores without `updateOneWith` (Prisma, MongoDB) count in two or
 * three conditional statements.
 *
 * An exhausted key is kept (better-auth deletes it): it keeps answering "usage limit" rather than
 * "invalid", its owner may raise `remaining`, and no verification racing with the last use can lose
 * its success.
 */
export function createVerifier(app: AppContext, opts: ResolvedApiKeyOptions, cache: KeyCache) {
  const repo = () => apiKeyRepository(app.adapter);
  const stepwise = createStepwiseCounter(app, opts);
  const oneStatement = createOneStatementCounter(app, opts);

  async function read(hash: string): Promise<ApiKeyRow | null> {
    const row = await repo().findByHash(hash);
    if (row && constantTimeEqual(row.key, hash)) {
      await cache.set(row);
      return row;
    }
    await cache.drop(hash);
    return null;
  }

  /** The checks that count nothing; an expired key is deleted. */
  async function check(row: ApiKeyRow, input: VerifyInput, now: Date): Promise<VerifyOutcome | null> {
    const refused = refusal(row, input, now);
    if (refused?.ok === false && refused.error.code === "API_KEY_HAS_EXPIRED") {
      await repo().delete(row.id);
      await cache.drop(row.key);
    }
    return refused;
  }

  return async function verify(input: VerifyInput): Promise<VerifyOutcome> {
    const { key } = input;
    if (typeof key !== "string" || key.length === 0 || key.length > MAX_KEY_LENGTH) {
      return fail("INVALID_API_KEY");
    }
    const hash = await hashKey(app, key);
    const now = app.now();
    const known = await cache.get(hash);
    // A refusal is never decided on a copy: a cached key that fails a check is read again.
    let row = known && refusal(known.row, input, now) === null ? known.row : null;
    if (!row) {
      row = await read(hash);
      if (!row) return fail("INVALID_API_KEY");
      const refused = await check(row, input, now);
      if (refused) return refused;
    }
    if (!hasCounters(row)) return { ok: true, row };
    if (!repo().supportsCountUse()) return stepwise(row, now);
    return oneStatement(
      row,
      now,
      input.counters ?? true,
      () => read(hash),
      (current) => check(current, input, now),
    );
  };
}

/** The checks that count nothing, on a row (the database's or a cached copy). */
function refusal(row: ApiKeyRow, input: VerifyInput, now: Date): VerifyOutcome | null {
  if (input.configId !== undefined && row.configId !== input.configId) return fail("API_KEY_NOT_FOUND");
  if (!row.enabled) return fail("API_KEY_IS_DISABLED");
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return fail("API_KEY_HAS_EXPIRED");
  if (input.permissions && !statementsGrant(row.permissions, input.permissions)) {
    return fail("API_KEY_NOT_FOUND");
  }
  return null;
}

export type Verifier = ReturnType<typeof createVerifier>;
