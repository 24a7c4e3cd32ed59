import { ADMIN_ERRORS } from "./errors";

/**
 * Access control as data: statements list every action per resource; a role grants a subset.
 * Messages follow the specification (section 8, Access).
 */
export type Statements = { readonly [resource: string]: readonly string[] };

/** Per resource: a list of actions (all required), or actions with their own connector. */
export type PermissionRequest = {
  readonly [resource: string]:
    | readonly string[]
    | { readonly actions: readonly string[]; readonly connector?: "AND" | "OR" };
};

export type AuthorizeResult = { success: true; error?: undefined } | { success: false; error: string };

export interface Role<S extends Statements = Statements> {
  readonly statements: S;
  /**
   * Checks a request against the role. With "AND" (default) every requested resource must be
   * granted; with "OR" one is enough. Throws 400 "Invalid access control request" for a request
   * that is neither a list of actions nor `{actions, connector}`.
   */
  authorize(request: { readonly [resource: string]: unknown }, connector?: "AND" | "OR"): AuthorizeResult;
}

export const ACCESS_MESSAGES = {
  unknownResource: (resource: string) => `You are not allowed to access resource: ${resource}`,
  unauthorizedResource: (resource: string) => `unauthorized to access resource ${resource}`,
  notAuthorized: "Not authorized",
} as const;

const deny = (error: string): AuthorizeResult => ({ success: false, error });

function normalize(requested: unknown): { actions: readonly unknown[]; connector: "AND" | "OR" } {
  if (Array.isArray(requested)) return { actions: requested, connector: "AND" };
  if (!requested || typeof requested !== "object") throw ADMIN_ERRORS.INVALID_ACCESS_CONTROL_REQUEST();
  const { actions, connector } = requested as { actions?: unknown; connector?: unknown };
  if (!Array.isArray(actions)) throw ADMIN_ERRORS.INVALID_ACCESS_CONTROL_REQUEST();
  return { actions, connector: connector === "OR" ? "OR" : "AND" };
}

/** A role granting `statements`. */
export function role<const S extends Statements>(statements: S): Role<S> {
  return {
    statements,
    authorize(request, connector = "AND") {
      let granted = false;
      for (const [resource, requested] of Object.entries(request)) {
        const { actions, connector: within } = normalize(requested);
        const allowed = statements[resource];
        if (!allowed) {
          if (connector === "AND") return deny(ACCESS_MESSAGES.unknownResource(resource));
          continue;
        }
        const holds = (action: unknown) => typeof action === "string" && allowed.includes(action);
        const ok = actions.length > 0 && (within === "OR" ? actions.some(holds) : actions.every(holds));
        if (ok && connector === "OR") return { success: true };
        if (!ok && connector === "AND") return deny(ACCESS_MESSAGES.unauthorizedResource(resource));
        granted ||= ok;
      }
      return granted ? { success: true } : deny(ACCESS_MESSAGES.notAuthorized);
    },
  };
}

/** Declares the statements once; `newRole` only accepts actions they contain. */
export function createAccessControl<const S extends Statements>(statements: S) {
  return {
    statements,
    newRole<const R extends { readonly [K in keyof S]?: readonly S[K][number][] }>(
      grants: R,
    ): Role<R & Statements> {
      return role(grants as R & Statements);
    },
  };
}
