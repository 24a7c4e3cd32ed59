import type { RequestContext } from "./request-context";

/**
 * A caller identified without a browser session, such as an API key sent in a header. It names
 * its owner (a user or an organization) and the access-control statements it was granted; an
 * endpoint that accepts principals authorises with these, never with a session.
 */
export interface Principal {
  /** What authenticated the caller, e.g. "api-key". */
  readonly type: string;
  /** The credential's id (the API key's id), for audit; never the secret. */
  readonly id: string;
  readonly owner: { readonly type: "user" | "organization"; readonly id: string };
  /** Granted statements, `{ resource: [actions] }`; null grants nothing. */
  readonly permissions: Readonly<Record<string, readonly string[]>> | null;
}

/**
 * A plugin's "who is calling?" hook (`Plugin.resolvePrincipal`): returns the principal the request
 * carries, null when it carries none of this plugin's credentials, or throws the plugin's 4xx when
 * it carries an invalid one. Called only for endpoints that accept principals, at most once per
 * request. `headers` names the request headers it reads, for documentation (OpenAPI security).
 */
export type PrincipalResolver = ((rc: RequestContext) => Promise<Principal | null>) & {
  readonly headers?: readonly string[];
};

/** Do the `granted` statements hold every action of `request`? */
export function statementsGrant(
  granted: Readonly<Record<string, readonly string[]>> | null | undefined,
  request: Readonly<Record<string, readonly string[]>>,
): boolean {
  if (!granted) return false;
  return Object.entries(request).every(([resource, actions]) =>
    actions.every((action) => granted[resource]?.includes(action) === true),
  );
}

/** Does `principal` hold every action of `request`? */
export function principalGrants(
  principal: Principal,
  request: Readonly<Record<string, readonly string[]>>,
): boolean {
  return statementsGrant(principal.permissions, request);
}

/** The request's principal from the first plugin that recognises it; memoised on the request. */
export async function resolvePrincipal(rc: RequestContext): Promise<Principal | null> {
  if (rc.principal !== undefined) return rc.principal;
  let found: Principal | null = null;
  for (const plugin of rc.app.plugins) {
    if (!plugin.resolvePrincipal) continue;
    found = await plugin.resolvePrincipal(rc);
    if (found) break;
  }
  rc.principal = found;
  return found;
}
