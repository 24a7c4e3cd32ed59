/**
 * Adds query parameters to a redirect target, keeping it relative when it is relative: the flows
 * redirect to the caller's callback URL with `error` or `token` (spec section 2).
 * "/done" + {error: "x"} -> "/done?error=x"; "/done?a=1#top" -> "/done?a=1&error=x#top".
 */
export function withQuery(target: string, params: Readonly<Record<string, string>>): string {
  const hashAt = target.indexOf("#");
  const base = hashAt === -1 ? target : target.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : target.slice(hashAt);
  const query = new URLSearchParams(params).toString();
  if (!query) return target;
  const separator = !base.includes("?") ? "?" : base.endsWith("?") || base.endsWith("&") ? "" : "&";
  return `${base}${separator}${query}${hash}`;
}
