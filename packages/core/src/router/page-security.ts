import { toBase64 } from "../crypto/encoding";

/**
 * Security headers for the HTML pages Gatehouse serves itself (auth error page, hosted checkout,
 * later the customer portal). One strict policy, loosened only by what a page names: its own
 * inline `<script>`/`<style>` run by per-response nonce, nothing else loads unless listed.
 */
export type CspDirective = "script-src" | "style-src" | "connect-src" | "img-src" | "frame-src" | "font-src";

export interface PageSecurityOptions {
  /** Per-response nonce for the page's own `<script>` and `<style>` elements (see `newNonce`). */
  readonly nonce: string;
  /** Origins allowed to frame the page (`frame-ancestors`); none given = `'none'`. */
  readonly frameAncestors?: readonly string[];
  /** The page calls its own origin with fetch (`connect-src 'self'`). Default false. */
  readonly connectSelf?: boolean;
  /** Extra sources per directive (a processor's script and frame hosts). */
  readonly extra?: Partial<Record<CspDirective, readonly string[]>>;
}

/** 16 random bytes, base64: a fresh value for every response. */
export function newNonce(): string {
  return toBase64(crypto.getRandomValues(new Uint8Array(16)));
}

/** A CSP source must be a plain origin or host pattern: no spaces, quotes, commas or semicolons. */
function source(value: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^\s;,'"]+$/i.test(value))
    throw new Error(`Invalid Content-Security-Policy source: ${JSON.stringify(value)}`);
  return value;
}

export function contentSecurityPolicy(options: PageSecurityOptions): string {
  const nonce = `'nonce-${options.nonce}'`;
  const extra = (d: CspDirective) => (options.extra?.[d] ?? []).map(source);
  const list = (d: CspDirective, base: string[]) => {
    const all = [...base, ...extra(d)];
    return all.length > 0 ? `${d} ${all.join(" ")}` : null;
  };
  const ancestors = options.frameAncestors?.length ? options.frameAncestors.map(source).join(" ") : "'none'";
  return [
    "default-src 'none'",
    list("script-src", [nonce]),
    list("style-src", [nonce]),
    list("connect-src", options.connectSelf ? ["'self'"] : []),
    list("img-src", []),
    list("frame-src", []),
    list("font-src", []),
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors}`,
  ]
    .filter((d): d is string => d !== null)
    .join("; ");
}

/** Every header an HTML page answer carries: CSP, nosniff, no referrer, no caching, framing. */
export function pageSecurityHeaders(options: PageSecurityOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": contentSecurityPolicy(options),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
  };
  // Browsers without `frame-ancestors` fall back to X-Frame-Options (which cannot name another origin).
  if (!options.frameAncestors?.length) headers["x-frame-options"] = "DENY";
  return headers;
}

/** An HTML Response with the page security headers. */
export function htmlPage(body: string, options: PageSecurityOptions, status = 200): Response {
  return new Response(body, { status, headers: pageSecurityHeaders(options) });
}
