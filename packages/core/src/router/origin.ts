import type { OriginChecker } from "../kernel/app-context";

/**
 * Trusted-origin checks (spec section 5). A trusted origin is an exact origin
 * (`https://app.example.com`), or a pattern with `*` wildcards (`https://*.example.com`,
 * `*.example.com` for any scheme). Patterns are compiled once at init.
 */
export type OriginMatcher = (origin: string) => boolean;

function escapeRegex(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
}

export function compileOriginPattern(pattern: string): OriginMatcher {
  const trimmed = pattern.replace(/\/+$/, "");
  if (!trimmed.includes("*")) {
    const exact = safeOrigin(trimmed) ?? trimmed;
    return (origin) => origin === exact;
  }
  const hasScheme = trimmed.includes("://");
  const source = escapeRegex(trimmed).replace(/\*/g, "[^/:]*");
  const regex = new RegExp(hasScheme ? `^${source}$` : `^[a-z][a-z0-9+.-]*://${source}$`, "i");
  return (origin) => regex.test(origin);
}

/** The origin of an absolute URL, or null when it is not one. */
export function safeOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    // Custom schemes (myapp://) have an opaque origin "null": keep scheme + host.
    return parsed.origin !== "null" ? parsed.origin : `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

/**
 * A relative redirect target is safe only if it starts with a single slash and contains no `//`,
 * no backslash and no encoded slash or backslash (which browsers may decode into a host).
 */
export function isSafeRelativePath(url: string): boolean {
  if (!url.startsWith("/") || url.startsWith("//")) return false;
  if (url.includes("\\") || url.includes("//")) return false;
  if (/%(2f|5c)/i.test(url)) return false;
  // Encoded control characters (%00-%1f, %7f): a later decode would make "/%09/evil" "//evil".
  if (/%(0[0-9a-f]|1[0-9a-f]|7f)/i.test(url)) return false;
  // Control characters can be stripped by browsers, turning "/\t/evil" into "//evil".
  for (let i = 0; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

export function createOriginChecker(patterns: readonly string[]): OriginChecker {
  const matchers = patterns.map(compileOriginPattern);
  const isTrustedOrigin = (origin: string): boolean => matchers.some((m) => m(origin));
  return {
    isTrustedOrigin,
    /** Is `url` (absolute or relative) a safe redirect target? */
    isTrustedURL(url: string): boolean {
      if (url.startsWith("/")) return isSafeRelativePath(url);
      const origin = safeOrigin(url);
      return origin !== null && isTrustedOrigin(origin);
    },
  };
}

export type { OriginChecker };
