import type { APIError, AppContext } from "../../plugin";
import { createOriginChecker, isSafeRelativePath, type OriginChecker } from "../../plugin";
import type { BillingContext } from "./context";
import { BILLING_ERRORS } from "./errors";

/**
 * The URLs a checkout stores and later sends a browser to (`successUrl`, `returnUrl`) or lets frame
 * its page (`embedOrigin`). Accepted: an http(s) URL on a trusted origin (the auth's trusted
 * origins plus the billing `trustedOrigins` option, same wildcard patterns), or a path starting
 * with `/`, resolved against the configured base URL (never against request headers). Anything
 * else (`javascript:`, `data:`, a foreign origin, credentials in the URL) is a 400.
 */
export interface CheckoutUrls {
  successUrl?: string;
  returnUrl?: string;
  embedOrigin?: string;
}

type UrlField = keyof CheckoutUrls;

function invalidUrl(field: UrlField, message: string): APIError {
  // The table's message and code; what is wrong with which field travels in `issues`.
  return BILLING_ERRORS.INVALID_CHECKOUT_URL({
    issues: [{ path: [field], message: `${field}: ${message}` }],
  });
}

const isHttp = (url: URL) => url.protocol === "http:" || url.protocol === "https:";

/** An absolute http(s) URL, or null for anything else (`javascript:`, `data:`, garbage). */
export function parseHttpUrl(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return isHttp(url) && url.hostname !== "" ? url : null;
}

/**
 * For a URL already stored (rows written before these checks existed): the URL when it is an
 * absolute http(s) URL, else null, so a page never links or navigates to it.
 */
export function safeStoredUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  return parseHttpUrl(value)?.href ?? null;
}

/** The origin of a stored `embedOrigin` when it is an http(s) origin, else null. */
export function safeStoredOrigin(value: string | null | undefined): string | null {
  if (!value) return null;
  return parseHttpUrl(value)?.origin ?? null;
}

/** Resolves and checks one navigation URL; answers the normalised absolute URL. */
function navigationUrl(field: UrlField, value: string, base: string, trusted: OriginChecker): string {
  const text = value.trim();
  if (text.startsWith("/")) {
    if (!isSafeRelativePath(text))
      throw invalidUrl(field, "a relative URL must be a plain path starting with a single /.");
    return new URL(text, base).href;
  }
  const url = parseHttpUrl(text);
  if (!url) throw invalidUrl(field, "must be an absolute http or https URL or a path starting with /.");
  if (url.username || url.password) throw invalidUrl(field, "must not carry a user name or password.");
  if (!trusted.isTrustedOrigin(url.origin))
    throw invalidUrl(field, `the origin ${url.origin} is not a trusted origin.`);
  return url.href;
}

function embedOrigin(value: string, trusted: OriginChecker): string {
  const url = parseHttpUrl(value.trim());
  if (!url)
    throw invalidUrl("embedOrigin", "must be an http or https origin, like https://shop.example.com.");
  if (url.username || url.password || url.pathname !== "/" || url.search || url.hash)
    throw invalidUrl("embedOrigin", "must be an origin only (scheme, host and port), without a path.");
  if (!trusted.isTrustedOrigin(url.origin))
    throw invalidUrl("embedOrigin", `the origin ${url.origin} is not a trusted origin.`);
  return url.origin;
}

/** The checker for one request: the auth's trusted origins (static and per request) plus billing's. */
async function trustedFor(app: AppContext, extra: OriginChecker, request: Request | undefined) {
  const auth = await app.originsFor(request);
  return createCheckerUnion(auth, extra);
}

function createCheckerUnion(a: OriginChecker, b: OriginChecker): OriginChecker {
  const isTrustedOrigin = (origin: string) => a.isTrustedOrigin(origin) || b.isTrustedOrigin(origin);
  return { isTrustedOrigin, isTrustedURL: (url) => a.isTrustedURL(url) || b.isTrustedURL(url) };
}

const extraCheckers = new WeakMap<BillingContext, OriginChecker>();

/**
 * Checks and normalises the URLs of a checkout being created. The configured default success URL
 * (the `successUrl` option, written by the developer) is resolved against the base URL and must be
 * http(s), but is not held to the trusted origins.
 */
export async function checkCheckoutUrls(
  ctx: BillingContext,
  input: CheckoutUrls,
  request?: Request,
): Promise<CheckoutUrls> {
  let extra = extraCheckers.get(ctx);
  if (!extra) {
    extra = createOriginChecker(ctx.options.trustedOrigins ?? []);
    extraCheckers.set(ctx, extra);
  }
  const base = ctx.app.baseURL;
  // An empty string means "not given", as before these checks.
  const {
    successUrl,
    returnUrl,
    embedOrigin: frame,
  } = {
    successUrl: input.successUrl || undefined,
    returnUrl: input.returnUrl || undefined,
    embedOrigin: input.embedOrigin || undefined,
  };
  const out: CheckoutUrls = {};
  const given = successUrl !== undefined || returnUrl !== undefined || frame !== undefined;
  const trusted = given ? await trustedFor(ctx.app, extra, request) : extra;
  if (successUrl !== undefined) out.successUrl = navigationUrl("successUrl", successUrl, base, trusted);
  else if (ctx.options.successUrl) out.successUrl = configuredSuccessUrl(ctx.options.successUrl, base);
  if (returnUrl !== undefined) out.returnUrl = navigationUrl("returnUrl", returnUrl, base, trusted);
  if (frame !== undefined) out.embedOrigin = embedOrigin(frame, trusted);
  return out;
}

function configuredSuccessUrl(value: string, base: string): string {
  const url = value.startsWith("/") ? new URL(value, base) : parseHttpUrl(value);
  if (!url || !isHttp(url))
    throw new Error(`billing({ successUrl }) must be an http(s) URL or a path starting with /: ${value}`);
  return url.href;
}
