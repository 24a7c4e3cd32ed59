import type { BillingEvent } from "../../plugin";
import type { BenefitOptions } from "./benefit-grants/strategies/options";
import type { FileOptions } from "./files/options";
import type { PaymentProcessor } from "./processors/processor";

type Awaitable<T> = T | Promise<T>;

export interface ConfiguredProduct {
  readonly productId: string;
  readonly slug: string;
}

export interface TaxInput {
  readonly amount: number;
  readonly currency: string;
  readonly productId: string;
  readonly billingAddress: Record<string, unknown> | null;
}

export interface BillingOptions {
  /** Moves the money. Default: the offline test processor. */
  processor?: PaymentProcessor;
  /** Products buyers may name by slug in `POST /checkout`. */
  products?: readonly ConfiguredProduct[] | (() => Awaitable<readonly ConfiguredProduct[]>);
  /** Anonymous `POST /checkout` gets 401 "You must be logged in to checkout". Default true. */
  authenticatedUsersOnly?: boolean;
  /** Create a billing customer for every new user (`customer.created`). Default false. */
  createCustomerOnSignUp?: boolean;
  getCustomerCreateParams?: (data: { user: { id: string; email: string; name: string } }) => Awaitable<{
    metadata?: Record<string, string | number | boolean>;
  }>;
  /**
   * Default success URL of checkouts (`{CHECKOUT_ID}` is replaced): an http(s) URL or a path
   * starting with `/` (resolved against the base URL).
   */
  successUrl?: string;
  /**
   * Origins, besides the auth's `trustedOrigins` and the base URL's origin, that checkouts may send
   * buyers to (`successUrl`, `returnUrl`) or be framed by (`embedOrigin`). Same patterns as
   * `trustedOrigins` (`https://*.example.com`). Default none.
   */
  trustedOrigins?: readonly string[];
  checkout?: {
    /** Seconds until an open checkout expires. Default 86400 (24 h). */
    expiresIn?: number;
    /**
     * Seconds a confirmed checkout may wait for its settlement before `runDue()` asks the
     * processor where its payment stands (a process may have died between the processor's
     * answer and the order write). Longer than any processor call. Default 600 (10 min).
     */
    confirmLease?: number;
  };
  portal?: {
    /** Seconds a customer portal session (its link) stays usable. Default 3600 (1 h). */
    expiresIn?: number;
    /** Default "back" link of sessions made by `GET|POST /customer/portal` (path or trusted URL). */
    returnUrl?: string;
  };
  subscriptions?: {
    /**
     * How many merchants' renewals, and then how many off-session charges, `runDue()` runs at
     * once (a database pool at least this size helps). Default 8.
     */
    renewalConcurrency?: number;
  };
  /** Tax in minor units for a net amount; default none (taxAmount 0). */
  tax?: (input: TaxInput) => Awaitable<number>;
  /** The single merchant used when the organization plugin is not installed. */
  defaultMerchant?: { name?: string; slug?: string; email?: string };
  webhooks?: {
    /** Delivery attempts before an event fails for good. Default 10. */
    maxAttempts?: number;
    /** Per-request timeout. Default 10000 ms. */
    timeoutMs?: number;
    /** Backoff base: attempt n waits ~ base x 2^n (jittered), capped at maxDelayMs. Defaults 2000 / 1_200_000. */
    baseDelayMs?: number;
    maxDelayMs?: number;
    /** Disable an endpoint after this many consecutive failed events. Default 10. */
    disableAfterFailures?: number;
    fetch?: typeof fetch;
    /**
     * Allow endpoint URLs on loopback, private, link-local and other internal addresses (checked
     * at create/update and again on the resolved address before every delivery). Default: allowed
     * unless `NODE_ENV` is `"production"`, so local receivers work in development.
     */
    allowPrivateAddresses?: boolean;
    /** Host name to IP addresses for the delivery-time check. Default: `node:dns` lookup (all). */
    resolveHost?: (hostname: string) => Promise<readonly string[]>;
  };
  /** In-process listener for every billing event, after its transaction commits. */
  onEvent?: (event: BillingEvent) => Awaitable<void>;
  /** Clock for every billing time decision. Default: the auth's `advanced.now` or the system clock. */
  now?: () => Date;
  /** Provider access for the Discord and GitHub benefit types (docs/billing/benefits-*.md). */
  benefits?: BenefitOptions;
  /** Files of downloadables benefits: storage, upload limit, download link lifetime. */
  files?: FileOptions;
  /** Run `runDue()` on an interval (development convenience), in ms. Off by default. */
  runInterval?: number;
}
