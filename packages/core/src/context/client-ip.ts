import type { ClientIpResolver, HeaderReader, PeerSource } from "../kernel/app-context";

/**
 * The client IP of a request. The socket's address (set by `toNodeHandler`) is the truth unless
 * the app names the proxies it trusts (`advanced.trustedProxies`): only a request that arrived
 * from one of them has its forwarding header (`advanced.ipAddressHeaders`) believed, and in a
 * comma-separated `X-Forwarded-For` the right-most address that is not itself a trusted proxy is
 * the client (addresses further left were written by the client and prove nothing).
 */

const socketAddresses = new WeakMap<Request, string>();

/** Records the peer address of a request built from a socket (Node adapter). */
export function setSocketAddress(request: Request, address: string | undefined): void {
  if (address) socketAddresses.set(request, normalise(address));
}

/** A socket's address as `socketAddressOf` reports it. */
export function normaliseAddress(address: string | undefined): string | undefined {
  return address ? normalise(address) : undefined;
}

export function socketAddressOf(request: Request | undefined): string | undefined {
  return request ? socketAddresses.get(request) : undefined;
}

/** `::ffff:1.2.3.4` is the IPv4 address 1.2.3.4; brackets and zone ids are dropped. */
function normalise(address: string): string {
  let a = address.trim().replace(/^\[|\]$/g, "");
  const zone = a.indexOf("%");
  if (zone >= 0) a = a.slice(0, zone);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  return (mapped ? mapped[1]! : a).toLowerCase();
}

/** An address as bits (32 for IPv4, 128 for IPv6), or null when it is not an IP address. */
function toBits(address: string): { bits: bigint; size: 32 | 128 } | null {
  if (/^\d+\.\d+\.\d+\.\d+$/.test(address)) {
    const parts = address.split(".").map(Number);
    if (parts.some((p) => p > 255)) return null;
    return { bits: parts.reduce((acc, p) => (acc << 8n) | BigInt(p), 0n), size: 32 };
  }
  if (!address.includes(":") || !/^[0-9a-f:.]+$/.test(address)) return null;
  const [head, tail, extra] = address.split("::");
  if (extra !== undefined) return null;
  const group = (s: string | undefined) => (s ? s.split(":") : []);
  const left = group(head);
  const right = group(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...left, ...Array<string>(Math.max(0, missing)).fill("0"), ...right];
  let bits = 0n;
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
    bits = (bits << 16n) | BigInt(Number.parseInt(g, 16));
  }
  return { bits, size: 128 };
}

/** A matcher for a list of addresses and CIDR ranges. Invalid entries throw at init. */
export function compileProxyList(entries: readonly string[]): (address: string) => boolean {
  const ranges = entries.map((entry) => {
    const [ip, prefix] = entry.split("/");
    const parsed = toBits(normalise(ip ?? ""));
    const length = prefix === undefined ? parsed?.size : Number(prefix);
    if (!parsed || length === undefined || !Number.isInteger(length) || length < 0 || length > parsed.size) {
      throw new Error(
        `Invalid advanced.trustedProxies entry "${entry}": expected an IP address or CIDR range.`,
      );
    }
    const shift = BigInt(parsed.size - length);
    return { size: parsed.size, shift, net: parsed.bits >> shift };
  });
  return (address) => {
    const parsed = toBits(normalise(address));
    if (!parsed) return false;
    return ranges.some((r) => r.size === parsed.size && parsed.bits >> r.shift === r.net);
  };
}

export type { ClientIpResolver, HeaderReader, PeerSource };

const peerOf = (source: PeerSource) => (typeof source === "string" ? source : socketAddressOf(source));

export function createClientIpResolver(
  headerNames: readonly string[],
  trustedProxies: readonly string[] | boolean | undefined,
): ClientIpResolver {
  const trustAll = trustedProxies === true;
  const isTrusted =
    Array.isArray(trustedProxies) && trustedProxies.length > 0 ? compileProxyList(trustedProxies) : null;
  if (!trustAll && !isTrusted) return (_headers, source) => peerOf(source) ?? null;
  return (headers, source) => {
    const peer = peerOf(source);
    // A socket that is not a trusted proxy speaks for itself, whatever headers it sends.
    if (peer && isTrusted && !isTrusted(peer)) return peer;
    for (const name of headerNames) {
      const value = headers.get(name);
      if (!value) continue;
      const hops = value
        .split(",")
        .map((h) => h.trim())
        .filter(Boolean);
      for (let i = hops.length - 1; i >= 0; i--) {
        const hop = normalise(hops[i]!);
        if (!toBits(hop)) break;
        if (i === 0 || !isTrusted || !isTrusted(hop)) return hop;
      }
    }
    return peer ?? null;
  };
}
