/**
 * IP address parsing and classification for webhook targets (no DNS here). Parses every spelling a
 * URL parser or `inet_aton` accepts for IPv4 (decimal `2130706433`, octal `0177.0.0.1`, hex
 * `0x7f.1`, short forms `127.1`) and IPv6 (compressed, embedded IPv4 tail, zone id, brackets), then
 * says whether the address is in a range a server must not be made to call (loopback, private,
 * link-local, ...), looking through IPv4-mapped, IPv4-compatible, NAT64 and 6to4 forms.
 */

/** One IPv4 part: decimal, octal (leading 0) or hex (0x); null when it is none of those. */
function ipv4Part(text: string): number | null {
  let value: number;
  if (/^0x[0-9a-f]*$/i.test(text)) value = text.length === 2 ? 0 : Number.parseInt(text.slice(2), 16);
  else if (/^0[0-7]*$/.test(text)) value = text.length === 1 ? 0 : Number.parseInt(text.slice(1), 8);
  else if (/^[1-9][0-9]*$/.test(text)) value = Number(text);
  else return null;
  return Number.isSafeInteger(value) ? value : null;
}

/** An IPv4 address as an unsigned 32-bit number, in any `inet_aton` spelling; else null. */
export function parseIPv4(input: string): number | null {
  const text = input.endsWith(".") ? input.slice(0, -1) : input;
  const parts = text.split(".");
  if (parts.length === 0 || parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    const value = ipv4Part(part);
    if (value === null) return null;
    values.push(value);
  }
  const last = values.pop()!;
  if (values.some((v) => v > 255)) return null;
  if (last >= 256 ** (4 - values.length)) return null;
  let result = last;
  for (const [i, v] of values.entries()) result += v * 256 ** (3 - i);
  return result >>> 0;
}

/** Strict dotted-quad (the only IPv4 form allowed inside an IPv6 address). */
function dottedQuad(text: string): number | null {
  if (!/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.test(text)) return null;
  const bytes = text.split(".").map(Number);
  if (bytes.some((b) => b > 255)) return null;
  return ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
}

function groups(text: string): number[] | null {
  if (text === "") return [];
  const out: number[] = [];
  const parts = text.split(":");
  for (const [i, part] of parts.entries()) {
    if (i === parts.length - 1 && part.includes(".")) {
      const v4 = dottedQuad(part);
      if (v4 === null) return null;
      out.push(v4 >>> 16, v4 & 0xffff);
    } else if (/^[0-9a-f]{1,4}$/i.test(part)) out.push(Number.parseInt(part, 16));
    else return null;
  }
  return out;
}

/** An IPv6 address as a 128-bit bigint (brackets and a zone id allowed); else null. */
export function parseIPv6(input: string): bigint | null {
  let text = input.startsWith("[") && input.endsWith("]") ? input.slice(1, -1) : input;
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  if (!text.includes(":")) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  let words: number[];
  if (halves.length === 2) {
    const head = groups(halves[0]!);
    const tail = groups(halves[1]!);
    if (!head || !tail || head.length + tail.length > 7) return null;
    words = [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  } else {
    const all = groups(text);
    if (all === null || all.length !== 8) return null;
    words = all;
  }
  return words.reduce((acc, w) => (acc << 16n) | BigInt(w), 0n);
}

const V4_RANGES: readonly [string, number, string][] = [
  ["0.0.0.0", 8, "this-network (0.0.0.0/8)"],
  ["10.0.0.0", 8, "private (10.0.0.0/8)"],
  ["100.64.0.0", 10, "shared carrier-grade NAT (100.64.0.0/10)"],
  ["127.0.0.0", 8, "loopback (127.0.0.0/8)"],
  ["169.254.0.0", 16, "link-local (169.254.0.0/16)"],
  ["172.16.0.0", 12, "private (172.16.0.0/12)"],
  ["192.0.0.0", 24, "IETF protocol assignments (192.0.0.0/24)"],
  ["192.168.0.0", 16, "private (192.168.0.0/16)"],
  ["198.18.0.0", 15, "benchmarking (198.18.0.0/15)"],
  ["224.0.0.0", 4, "multicast (224.0.0.0/4)"],
  ["240.0.0.0", 4, "reserved (240.0.0.0/4)"],
];

const V6_RANGES: readonly [string, number, string][] = [
  ["::", 128, "unspecified (::)"],
  ["::1", 128, "loopback (::1)"],
  ["100::", 64, "discard-only (100::/64)"],
  ["fc00::", 7, "unique local (fc00::/7)"],
  ["fe80::", 10, "link-local (fe80::/10)"],
  ["fec0::", 10, "site-local (fec0::/10)"],
  ["ff00::", 8, "multicast (ff00::/8)"],
];

/** IPv6 prefixes that carry an IPv4 address, and where: [prefix, length, shift of the IPv4 bits]. */
const V6_EMBEDDING: readonly [string, number, bigint, string][] = [
  ["::ffff:0:0", 96, 0n, "IPv4-mapped"],
  ["::ffff:0:0:0", 96, 0n, "IPv4-translated"],
  ["::", 96, 0n, "IPv4-compatible"],
  ["64:ff9b::", 96, 0n, "NAT64"],
  ["64:ff9b:1::", 48, 0n, "local NAT64"],
  ["2002::", 16, 80n, "6to4"],
];

const inV4 = (ip: number, base: string, bits: number) =>
  bits === 0 || ip >>> (32 - bits) === parseIPv4(base)! >>> (32 - bits);
const inV6 = (ip: bigint, base: string, bits: number) =>
  ip >> BigInt(128 - bits) === parseIPv6(base)! >> BigInt(128 - bits);

function v4Reason(ip: number): string | null {
  for (const [base, bits, label] of V4_RANGES) if (inV4(ip, base, bits)) return label;
  return null;
}

function v6Reason(ip: bigint): string | null {
  for (const [base, bits, label] of V6_RANGES) if (inV6(ip, base, bits)) return label;
  for (const [base, bits, shift, label] of V6_EMBEDDING) {
    if (!inV6(ip, base, bits)) continue;
    // Local NAT64 may carry anything: refuse the whole prefix.
    if (label === "local NAT64") return `${label} (64:ff9b:1::/48)`;
    const v4 = Number((ip >> shift) & 0xffffffffn);
    const inner = v4Reason(v4);
    if (inner) return `${label} ${inner}`;
  }
  return null;
}

export type ParsedAddress = { family: 4; value: number } | { family: 6; value: bigint };

/** A literal IP address in any accepted spelling (a host name answers null). */
export function parseIpAddress(text: string): ParsedAddress | null {
  const v6 = parseIPv6(text);
  if (v6 !== null) return { family: 6, value: v6 };
  const v4 = parseIPv4(text);
  return v4 === null ? null : { family: 4, value: v4 };
}

/** Why the address must not be called (e.g. "loopback (127.0.0.0/8)"), or null when it is public. */
export function refusedAddressReason(address: ParsedAddress): string | null {
  return address.family === 4 ? v4Reason(address.value) : v6Reason(address.value);
}
