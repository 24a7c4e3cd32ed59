import type { BillingEventType, DBAdapter } from "../../../plugin";
import { openToken } from "../../../plugin";
import { benefitRepository } from "../catalog/benefits/repository";
import type { BillingContext, Emit } from "../context";
import { customerRepository } from "../customers/repository";
import { customerState } from "../customers/state";
import type { BenefitGrantRow, BenefitRow, CustomerRow, GrantError } from "../rows";
import { strategyFor } from "./registry";
import { benefitGrantRepository } from "./repository";
import { serializeGrant } from "./serialize";
import { type BenefitStrategyInput, type GrantProperties, isGrantFailure } from "./strategy";

/** How long a worker holds a claimed grant. */
const LEASE_MS = 5 * 60 * 1000;
/** Retries of a temporary failure: exponential from 2 s, at most 20 (BILLING.md Appendix A). */
export const GRANT_MAX_ATTEMPTS = 20;
const backoffMs = (attempt: number) => Math.min(2000 * 2 ** (attempt - 1), 6 * 60 * 60 * 1000);

type Outcome = "granted" | "revoked" | "cycled" | "updated" | "failed" | "skipped";

interface Done {
  update: Record<string, unknown>;
  events: { type: BillingEventType; previousProperties?: Record<string, unknown> }[];
  /** Cycles applied (taken off `pendingCycles` after the write). */
  cycles: number;
  outcome: Outcome;
}

/**
 * The grant jobs of `runDue()` (BILLING.md 6.2). Due grants are claimed with a lease (revokes
 * first, so a plan change frees before it grants), the strategy runs outside any transaction, and
 * the outcome is written in one transaction with its events, only while the lease and the status
 * still hold (a revoke decided meanwhile wins; its own job follows).
 */
export function createGrantRunner(ctx: BillingContext) {
  const db = ctx.app.adapter;

  async function linkedAccount(customer: CustomerRow, providerId: string) {
    if (!customer.externalId) return null;
    const accounts = await ctx.app.core.users.listAccounts(customer.externalId);
    const account = accounts.find((a) => a.providerId === providerId);
    if (!account) return null;
    return {
      accountId: account.accountId,
      login: null,
      accessToken: (await openToken(ctx.app, account.accessToken)) ?? null,
    };
  }

  function failure(grant: BenefitGrantRow, error: unknown, now: Date): Done {
    const known = isGrantFailure(error);
    const retriable = known ? error.retriable : true;
    const attempts = grant.attempts + 1;
    const stored: GrantError = {
      message: error instanceof Error ? error.message : String(error),
      type: known ? error.grantErrorType : error instanceof Error ? error.name : "Error",
      timestamp: now.toISOString(),
    };
    if (!known) ctx.app.logger.error(`billing: benefit grant ${grant.id} failed`, error);
    const again = retriable && attempts < GRANT_MAX_ATTEMPTS;
    return {
      update: {
        error: stored,
        attempts,
        nextAttemptAt: again ? new Date(now.getTime() + backoffMs(attempts)) : null,
      },
      // The first failure of a grant is announced like a grant (with its error).
      events:
        grant.status === "granted" && !grant.isGranted && !grant.error
          ? [{ type: "benefit_grant.created" }]
          : [],
      cycles: 0,
      outcome: "failed",
    };
  }

  /** What the grant needs now, run through its strategy (never throws). */
  async function work(grant: BenefitGrantRow, benefit: BenefitRow, customer: CustomerRow): Promise<Done> {
    const now = ctx.now();
    const strategy = strategyFor(benefit.type);
    const input: BenefitStrategyInput = {
      ctx,
      benefit,
      customer,
      grantProperties: grant.properties ?? {},
      linkedAccount: (providerId) => linkedAccount(customer, providerId),
    };
    const cleared = { error: null, attempts: 0, nextAttemptAt: null };
    if (grant.status === "revoked") {
      // Also for a grant never recorded as granted: a grant job that lost its write to this revoke
      // may still have made its effect (a key), and revoking is idempotent.
      let properties: GrantProperties = grant.properties ?? {};
      let kept: GrantError | null = null;
      // A benefit another purchase still provides stays with the customer (BILLING.md 6.2).
      if ((await benefitGrantRepository(db).countOtherGranted(grant)) === 0) {
        try {
          properties = await strategy.revoke(input);
        } catch (error) {
          const failed = failure(grant, error, now);
          if (failed.update.nextAttemptAt) return failed;
          kept = failed.update.error as GrantError; // action required: the revoke still completes
        }
      }
      return {
        update: {
          ...cleared,
          error: kept,
          properties,
          isGranted: false,
          grantedAt: null,
          isRevoked: true,
          revokedAt: now,
          previousProperties: null,
        },
        events: grant.isGranted ? [{ type: "benefit_grant.revoked" }] : [],
        cycles: grant.pendingCycles,
        outcome: grant.isGranted ? "revoked" : "skipped",
      };
    }
    if (!grant.isGranted) {
      try {
        const properties = await strategy.grant(input);
        return {
          update: {
            ...cleared,
            properties,
            isGranted: true,
            grantedAt: now,
            isRevoked: false,
            revokedAt: null,
            previousProperties: null,
          },
          events: [{ type: grant.error ? "benefit_grant.updated" : "benefit_grant.created" }],
          cycles: grant.pendingCycles,
          outcome: "granted",
        };
      } catch (error) {
        return failure(grant, error, now);
      }
    }
    const done: Done = { update: { ...cleared }, events: [], cycles: 0, outcome: "skipped" };
    try {
      if (grant.previousProperties) {
        const previousProperties = grant.previousProperties;
        input.grantProperties = await strategy.update({ ...input, previousProperties });
        done.update.previousProperties = null;
        done.events.push({ type: "benefit_grant.updated", previousProperties });
        done.outcome = "updated";
      }
      for (let i = 0; i < grant.pendingCycles; i++) {
        input.grantProperties = await strategy.cycle(input);
        done.cycles += 1;
        done.events.push({ type: "benefit_grant.cycled" });
        done.outcome = "cycled";
      }
    } catch (error) {
      const failed = failure(grant, error, now);
      // What succeeded before the failure is kept (a cycle is never applied twice).
      return { ...done, update: { ...done.update, ...failed.update }, outcome: "failed" };
    } finally {
      done.update.properties = input.grantProperties;
    }
    return done;
  }

  async function announce(
    tx: DBAdapter,
    emit: Emit,
    grant: BenefitGrantRow,
    done: Done,
    benefit: BenefitRow,
    customer: CustomerRow,
  ) {
    for (const e of done.events)
      await emit(
        grant.merchantId,
        e.type,
        serializeGrant(grant, benefit, customer, e.previousProperties ?? null),
      );
    if (done.events.length > 0)
      await emit(grant.merchantId, "customer.state_changed", await customerState(tx, customer));
  }

  async function run(grant: BenefitGrantRow): Promise<Outcome> {
    const benefit = await benefitRepository(db).findAnyById(grant.benefitId);
    const customer = await customerRepository(db).findAnyById(grant.customerId);
    if (!benefit || !customer) {
      await benefitGrantRepository(db).release(grant.id, grant.lockToken);
      return "skipped";
    }
    const done = await work(grant, benefit, customer);
    return ctx.write(async (tx, emit) => {
      const repo = benefitGrantRepository(tx);
      const now = ctx.now();
      const update = { ...done.update, lockedUntil: null, lockToken: null, modifiedAt: now };
      if (!(await repo.finish(grant, update))) {
        await repo.release(grant.id, grant.lockToken);
        return "skipped" as const;
      }
      let stored: BenefitGrantRow = { ...grant, ...update } as BenefitGrantRow;
      if (done.cycles > 0) {
        const left = await repo.takeCycles(grant.id, done.cycles);
        if (left) stored = { ...stored, pendingCycles: left.pendingCycles };
        // A renewal queued while the strategy ran is due again.
        if (left && left.pendingCycles > 0)
          await repo.patchIn(grant.id, grant.status, { nextAttemptAt: now });
      }
      await announce(tx, emit, stored, done, benefit, customer);
      return done.outcome;
    });
  }

  /** Runs every due grant job (revokes first); counts by outcome. */
  async function runDue(batch = 50) {
    const result = { granted: 0, revoked: 0, cycled: 0, updated: 0, failed: 0 };
    for (const status of ["revoked", "granted"] as const) {
      for (let round = 0; round < 20; round++) {
        const claimed = await benefitGrantRepository(db).claimDue(ctx.now(), batch, LEASE_MS, status);
        for (const grant of claimed) {
          const outcome = await run(grant).catch((error: unknown) => {
            ctx.app.logger.error(`billing: benefit grant job ${grant.id} failed`, error);
            return "skipped" as const;
          });
          if (outcome !== "skipped") result[outcome] += 1;
        }
        if (claimed.length < batch) break;
      }
    }
    return result;
  }

  return { runDue };
}
