import { z } from "zod";
import { constantTimeEqual, generateRandomString, toHex } from "../../../plugin";
import type { BillingContext } from "../context";
import { customerRepository } from "../customers/repository";
import { BILLING_ERRORS } from "../errors";
import { merchantOf, parseInput, scoped } from "../input";
import type { MerchantService } from "../merchants/service";
import type { CustomerRow, MerchantRow, PortalSessionRow } from "../rows";
import { checkCheckoutUrls } from "../urls";
import { portalSessionRepository } from "./repository";

/** Prefix of portal tokens (Polar's customer session tokens start `polar_cst_`). */
export const PORTAL_TOKEN_PREFIX = "gh_cst_";
/** Longest token accepted before hashing (a token is 7 + 48 characters). */
const MAX_TOKEN_LENGTH = 128;

export const portalSessionInput = z.object({
  ...scoped,
  customerId: z.string().min(1).max(128),
  returnUrl: z.string().max(2048).nullish(),
});
export type PortalSessionInput = z.input<typeof portalSessionInput>;

/** SHA-256 of the token, hex: the only form of a token that is stored. */
export async function hashPortalToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return toHex(new Uint8Array(digest));
}

export interface PortalAccess {
  session: PortalSessionRow;
  customer: CustomerRow;
  merchant: MerchantRow;
}

/**
 * Customer portal sessions (BILLING.md 11): a random token (only its hash stored) scoped to one
 * customer of one merchant, expiring after `portal.expiresIn` seconds (default 1 hour). The token
 * is the whole credential of the portal page and its JSON calls; no cookie is involved.
 */
export function createPortalService(ctx: BillingContext, merchants: MerchantService) {
  const db = ctx.app.adapter;
  const ttl = () => (ctx.options.portal?.expiresIn ?? 3600) * 1000;

  /** The portal URL of a token (Gatehouse serves the page on the app's own origin). */
  const portalUrl = (token: string) => `${ctx.app.baseURL}/customer-portal/${encodeURIComponent(token)}`;

  async function open(merchant: MerchantRow, customer: CustomerRow, returnUrl: string | null) {
    const token = `${PORTAL_TOKEN_PREFIX}${generateRandomString(48)}`;
    const now = ctx.now();
    const row = await portalSessionRepository(db).insert({
      merchantId: merchant.id,
      customerId: customer.id,
      tokenHash: await hashPortalToken(token),
      returnUrl,
      expiresAt: new Date(now.getTime() + ttl()),
      createdAt: now,
    });
    return {
      id: row.id,
      token,
      customerPortalUrl: portalUrl(token),
      customerId: customer.id,
      returnUrl,
      expiresAt: row.expiresAt,
    };
  }

  /** Checks a return URL like a checkout's `returnUrl` (trusted origins, or a path). */
  async function checkedReturnUrl(value: string | null | undefined, request?: Request) {
    if (!value) return null;
    const checked = await checkCheckoutUrls(ctx, { returnUrl: value }, request);
    return checked.returnUrl ?? null;
  }

  /**
   * `auth.billing.portal.createSession({ customerId, returnUrl? })` and POST
   * /billing/customer-sessions/create: a session for a customer of the merchant (404 otherwise).
   */
  async function createSession(input: PortalSessionInput, request?: Request) {
    const data = parseInput(portalSessionInput, input);
    const merchant = await merchantOf(merchants, data);
    const customer = await customerRepository(db).findById(merchant.id, data.customerId);
    if (!customer) throw BILLING_ERRORS.CUSTOMER_NOT_FOUND();
    return open(merchant, customer, await checkedReturnUrl(data.returnUrl, request));
  }

  /** A session for a customer row already resolved (the buyer's `GET|POST /customer/portal`). */
  async function sessionFor(customer: CustomerRow, returnUrl: string | null | undefined, request?: Request) {
    const merchant = await merchants.byId(customer.merchantId);
    return open(
      merchant,
      customer,
      await checkedReturnUrl(returnUrl ?? ctx.options.portal?.returnUrl, request),
    );
  }

  /**
   * The session, customer and merchant of a token: unknown (or its customer gone) 404, expired 401.
   * The row is found by the token's hash and the hash compared again in constant time.
   */
  async function authenticate(token: string): Promise<PortalAccess> {
    if (!token.startsWith(PORTAL_TOKEN_PREFIX) || token.length > MAX_TOKEN_LENGTH)
      throw BILLING_ERRORS.CUSTOMER_PORTAL_SESSION_NOT_FOUND();
    const hash = await hashPortalToken(token);
    const session = await portalSessionRepository(db).findByHash(hash);
    if (!session || !constantTimeEqual(session.tokenHash, hash))
      throw BILLING_ERRORS.CUSTOMER_PORTAL_SESSION_NOT_FOUND();
    if (session.expiresAt.getTime() <= ctx.now().getTime())
      throw BILLING_ERRORS.CUSTOMER_PORTAL_SESSION_HAS_EXPIRED();
    const customer = await customerRepository(db).findById(session.merchantId, session.customerId);
    if (!customer) throw BILLING_ERRORS.CUSTOMER_PORTAL_SESSION_NOT_FOUND();
    return { session, customer, merchant: await merchants.byId(session.merchantId) };
  }

  /** Deletes sessions expired for more than a day (call from a cron with `runDue`). */
  const sweep = () => portalSessionRepository(db).deleteExpired(new Date(ctx.now().getTime() - 86_400_000));

  return { createSession, sessionFor, authenticate, portalUrl, sweep };
}

export type PortalService = ReturnType<typeof createPortalService>;
