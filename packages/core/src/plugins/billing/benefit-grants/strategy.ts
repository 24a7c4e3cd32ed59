import type { BenefitType } from "../catalog/benefits/schemas";
import type { BillingContext } from "../context";
import type { BenefitRow, CustomerRow } from "../rows";

/**
 * The contract every benefit type implements (BILLING.md 6.2-6.3): one module per type, registered
 * by type, so a new type is one file. The grant engine (`benefit-grants/`) decides *when* to call
 * a strategy (order paid, subscription active, renewal, revoke, refund with revoke, benefit edited),
 * stores the properties a strategy returns on the grant, and never calls a strategy inside the
 * payment transaction. A strategy only does the type's own work (generate a key, call Discord, ...).
 */

/** What the engine stores on the grant for the customer (`properties` of the Benefit grant). */
export type GrantProperties = Record<string, unknown>;

/** A customer's account linked through social sign-in, as the engine resolves it. */
export interface LinkedAccount {
  /** The provider's user id (Discord user id, GitHub user id). */
  accountId: string;
  /** The provider's username/login where known (GitHub invitations need the login). */
  login?: string | null;
  /** A decrypted access token where the provider stored one, else null. */
  accessToken: string | null;
}

export interface BenefitStrategyInput {
  ctx: BillingContext;
  benefit: BenefitRow;
  customer: CustomerRow;
  /** The grant's stored properties so far (`{}` on a first grant). */
  grantProperties: GrantProperties;
  /** The customer's linked account at a provider ("discord", "github"), or null when none is linked. */
  linkedAccount(providerId: string): Promise<LinkedAccount | null>;
}

export interface BenefitStrategy {
  readonly type: BenefitType;
  /**
   * Grants the benefit. Idempotent: called again for the same grant (a retried job) it returns the
   * same properties and makes no second external effect (one key, one invitation).
   */
  grant(input: BenefitStrategyInput): Promise<GrantProperties>;
  /** Revokes it; the properties to keep on the revoked grant. Idempotent likewise. */
  revoke(input: BenefitStrategyInput): Promise<GrantProperties>;
  /** At a subscription renewal (meter credits add units, license keys may extend). */
  cycle(input: BenefitStrategyInput): Promise<GrantProperties>;
  /** The merchant edited the benefit; `previousProperties` are the benefit's properties before. */
  update(
    input: BenefitStrategyInput & { previousProperties: Record<string, unknown> },
  ): Promise<GrantProperties>;
}

/**
 * A strategy failure the engine stores on the grant as `{ message, type, timestamp }`. Retriable
 * failures (a provider timing out, a 5xx) are retried by `runDue()` with backoff; the others (no
 * linked account, a missing permission) wait for the customer or merchant to act, and are retried
 * when the cause changes (e.g. the customer links the account).
 */
export interface BenefitGrantFailure extends Error {
  readonly grantErrorType: string;
  readonly retriable: boolean;
}

export function grantFailure(type: string, message: string, retriable: boolean): BenefitGrantFailure {
  return Object.assign(new Error(message), { grantErrorType: type, retriable });
}

export function isGrantFailure(error: unknown): error is BenefitGrantFailure {
  return error instanceof Error && typeof (error as Partial<BenefitGrantFailure>).grantErrorType === "string";
}
