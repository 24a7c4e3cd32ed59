/** Cookie max-age cap of spec sections 5 and 9: 400 days. */
export const MAX_COOKIE_AGE_SECONDS = 34_560_000;

export interface CookieAttributes {
  readonly maxAge?: number;
  readonly expires?: Date;
  readonly domain?: string;
  readonly path?: string;
  readonly secure?: boolean;
  readonly httpOnly?: boolean;
  readonly sameSite?: "lax" | "strict" | "none";
  readonly partitioned?: boolean;
}

/** Serialises a Set-Cookie value; Max-Age is capped at 400 days whatever the caller asks. */
export function serializeCookie(name: string, value: string, attrs: CookieAttributes = {}): string {
  let out = `${name}=${encodeURIComponent(value)}`;
  if (attrs.maxAge !== undefined) {
    out += `; Max-Age=${Math.max(0, Math.min(Math.floor(attrs.maxAge), MAX_COOKIE_AGE_SECONDS))}`;
  }
  if (attrs.expires) out += `; Expires=${attrs.expires.toUTCString()}`;
  if (attrs.domain) out += `; Domain=${attrs.domain}`;
  out += `; Path=${attrs.path ?? "/"}`;
  if (attrs.secure) out += "; Secure";
  if (attrs.httpOnly) out += "; HttpOnly";
  if (attrs.sameSite) out += `; SameSite=${attrs.sameSite[0]!.toUpperCase()}${attrs.sameSite.slice(1)}`;
  if (attrs.partitioned) out += "; Partitioned";
  return out;
}

/** Parses a Cookie request header into a map (first occurrence of a name wins). */
export function parseCookieHeader(header: string | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || out.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (!value.includes("%")) {
      out.set(name, value);
      continue;
    }
    try {
      const decoded = decodeURIComponent(value);
      // A NUL byte can never be a valid cookie value; keep it out of database lookups.
      if (!decoded.includes("\u0000")) out.set(name, decoded);
    } catch {
      out.set(name, value);
    }
  }
  return out;
}

/*
 * Parsed Cookie headers by their text: a browser sends the same header on request after request
 * until a cookie changes, and the session cookies make it long (the cookie cache is up to 4 kB of
 * URL-encoded text). Bounded in entries and in the length of a header kept; oldest out first.
 */
const PARSED_LIMIT = 1024;
const PARSED_MAX_HEADER = 8192;
const parsedHeaders = new Map<string, ReadonlyMap<string, string>>();

/** `parseCookieHeader`, remembered per header text; the map is shared: read it, never change it. */
export function readCookieHeader(header: string | null): ReadonlyMap<string, string> {
  if (!header || header.length > PARSED_MAX_HEADER) return parseCookieHeader(header);
  const known = parsedHeaders.get(header);
  if (known) return known;
  const parsed = parseCookieHeader(header);
  if (parsedHeaders.size >= PARSED_LIMIT) parsedHeaders.delete(parsedHeaders.keys().next().value!);
  parsedHeaders.set(header, parsed);
  return parsed;
}
