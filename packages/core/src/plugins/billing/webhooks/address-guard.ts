import type { Logger } from "../../../plugin";
import { BILLING_ERRORS } from "../errors";
import type { BillingOptions } from "../options";
import { parseIpAddress, refusedAddressReason } from "./ip-address";

/** Resolves a host name to its IP addresses (every A and AAAA answer). */
export type ResolveHost = (hostname: string) => Promise<readonly string[]>;

type DnsModule = {
  promises: { lookup(host: string, options: { all: true }): Promise<{ address: string }[]> };
};

/** `node:dns` through `process.getBuiltinModule`, so bundles for runtimes without it still load. */
function nodeResolver(): ResolveHost | null {
  try {
    const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    const dns = proc?.getBuiltinModule?.("node:dns") as DnsModule | undefined;
    if (!dns) return null;
    return async (hostname) => (await dns.promises.lookup(hostname, { all: true })).map((a) => a.address);
  } catch {
    return null;
  }
}

const isProduction = () =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.NODE_ENV ===
  "production";

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");

/** `localhost` and `*.localhost` always resolve to loopback (RFC 6761). */
const isLocalhostName = (host: string) => /(^|\.)localhost\.?$/i.test(host);

/** Why a URL's host (without DNS) is refused, or null. */
export function refusedHostReason(host: string): string | null {
  if (isLocalhostName(host)) return "loopback (localhost)";
  const ip = parseIpAddress(host);
  return ip ? refusedAddressReason(ip) : null;
}

const hint = "Set billing({ webhooks: { allowPrivateAddresses: true } }) to allow it.";

/**
 * Keeps webhook deliveries off loopback, private, link-local and other internal addresses (SSRF):
 * the URL is checked when an endpoint is created or updated (literal addresses and `localhost`),
 * and every delivery checks the addresses the host name resolves to just before sending. Allowed
 * by default outside production (`NODE_ENV !== "production"`), so local receivers work in
 * development.
 */
export function createAddressGuard(options: BillingOptions["webhooks"] = {}, logger?: Logger) {
  const allowPrivate = options.allowPrivateAddresses ?? !isProduction();
  const resolve = options.resolveHost ?? nodeResolver();
  if (!allowPrivate && !resolve)
    logger?.warn(
      "Billing webhooks: no DNS resolver (node:dns) in this runtime; host names are not checked against private addresses at delivery. Pass webhooks.resolveHost to check them.",
    );

  /** For endpoint create/update: a 400 when the URL names a refused address. */
  function assertAllowedUrl(url: string): string {
    if (allowPrivate) return url;
    const reason = refusedHostReason(hostOf(new URL(url)));
    if (reason)
      throw BILLING_ERRORS.WEBHOOK_URL_NOT_ALLOWED({
        issues: [{ path: ["url"], message: `Webhook URLs may not point to a ${reason} address. ${hint}` }],
      });
    return url;
  }

  /** Why a delivery to `url` must not go out now (after DNS), or null. */
  async function deliveryRefusal(url: string): Promise<string | null> {
    if (allowPrivate) return null;
    const host = hostOf(new URL(url));
    const literal = refusedHostReason(host);
    if (literal) return `${host} is a ${literal} address`;
    if (parseIpAddress(host)) return null;
    if (!resolve) return null;
    let addresses: readonly string[];
    try {
      addresses = await resolve(host);
    } catch (error) {
      return `could not resolve ${host}: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (addresses.length === 0) return `${host} did not resolve to any address`;
    for (const address of addresses) {
      const ip = parseIpAddress(address);
      const reason = ip ? refusedAddressReason(ip) : `unparseable address ${address}`;
      if (reason) return `${host} resolves to ${address}, a ${reason} address`;
    }
    return null;
  }

  /**
   * `fetch` that first checks the target's resolved addresses; a refused one throws, which the
   * sender records as a failed attempt carrying the message.
   */
  function guardFetch(inner: typeof fetch): typeof fetch {
    if (allowPrivate) return inner;
    return async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const refusal = await deliveryRefusal(url);
      if (refusal) {
        const message = `Webhook delivery refused: ${refusal}. ${hint}`;
        logger?.warn(`Billing webhook to ${url}: ${message}`);
        throw new Error(message);
      }
      return inner(input, init);
    };
  }

  return { allowPrivate, assertAllowedUrl, deliveryRefusal, guardFetch };
}

export type AddressGuard = ReturnType<typeof createAddressGuard>;
