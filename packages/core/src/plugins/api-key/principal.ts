import type { Principal, PrincipalResolver, RequestContext } from "./deps";
import { API_KEY_ERRORS } from "./errors";
import type { ResolvedApiKeyOptions } from "./options";
import { apiKeyService } from "./service";

/**
 * The plugin's principal hook: a request carrying a key header (`x-api-key` by default) is
 * authenticated by that key alone. A key shorter than the configured length is 403 "Invalid API
 * key."; any other failure of verification is thrown with its spec section 8 message. The key
 * itself is never logged nor echoed.
 */
export function apiKeyPrincipal(opts: ResolvedApiKeyOptions): PrincipalResolver {
  const resolve = async (rc: RequestContext): Promise<Principal | null> => {
    let key: string | null = null;
    for (const header of opts.headers) {
      key = rc.headers.get(header);
      if (key) break;
    }
    if (!key) return null;
    if (key.length < opts.keyLength) throw API_KEY_ERRORS.INVALID_API_KEY();
    const outcome = await apiKeyService(rc.app).verify({ key, counters: false });
    if (!outcome.ok)
      throw API_KEY_ERRORS[outcome.error.code](outcome.error.details as Record<string, unknown>);
    const { row } = outcome;
    return {
      type: "api-key",
      id: row.id,
      owner: { type: row.referenceType, id: row.referenceId },
      permissions: row.permissions,
    };
  };
  return Object.assign(resolve, { headers: opts.headers });
}
