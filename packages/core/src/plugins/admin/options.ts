import type { Role } from "./access";
import { ADMIN_ERROR_CODES } from "./error-codes";
import { defaultRoles } from "./roles";

export interface AdminOptions {
  /** Role of new users. Default "user". */
  defaultRole?: string;
  /** Roles that make a user an admin (who cannot be impersonated unless allowed). Default ["admin"]. */
  adminRoles?: string | readonly string[];
  /** Users who pass every permission check, whatever their role. Default none. */
  adminUserIds?: readonly string[];
  /** Roles by name (build them with `createAccessControl(...).newRole`). Default: admin and user. */
  roles?: Readonly<Record<string, Role>>;
  /** Lifetime of an impersonation session, in seconds. Default 3600 (1 hour). */
  impersonationSessionDuration?: number;
  /** Let admins impersonate other admins. Default false. */
  allowImpersonatingAdmins?: boolean;
  /** Message of the 403 BANNED_USER error. Default better-auth's. */
  bannedUserMessage?: string;
  /** Ban reason when none is given. Default "No reason". */
  defaultBanReason?: string;
  /** Ban length in seconds when none is given. Default: the ban never expires. */
  defaultBanExpiresIn?: number;
}

export interface ResolvedAdminOptions {
  readonly defaultRole: string;
  readonly adminRoles: readonly string[];
  readonly adminUserIds: readonly string[];
  readonly roles: Readonly<Record<string, Role>>;
  readonly impersonationSessionDuration: number;
  readonly allowImpersonatingAdmins: boolean;
  readonly bannedUserMessage: string;
  readonly defaultBanReason: string;
  readonly defaultBanExpiresIn: number | undefined;
}

/** Fills in the defaults; a default role that no role defines fails at init. */
export function resolveAdminOptions(options: AdminOptions = {}): ResolvedAdminOptions {
  const roles = options.roles ?? defaultRoles;
  const defaultRole = options.defaultRole ?? "user";
  if (!(defaultRole in roles)) {
    throw new Error(
      `admin(): defaultRole "${defaultRole}" is not one of the roles (${Object.keys(roles).join(", ")}). Add it to \`roles\`.`,
    );
  }
  const adminRoles = options.adminRoles ?? ["admin"];
  return {
    defaultRole,
    adminRoles: typeof adminRoles === "string" ? [adminRoles] : adminRoles,
    adminUserIds: options.adminUserIds ?? [],
    roles,
    impersonationSessionDuration: options.impersonationSessionDuration ?? 60 * 60,
    allowImpersonatingAdmins: options.allowImpersonatingAdmins ?? false,
    bannedUserMessage: options.bannedUserMessage ?? ADMIN_ERROR_CODES.BANNED_USER.message,
    defaultBanReason: options.defaultBanReason ?? "No reason",
    defaultBanExpiresIn: options.defaultBanExpiresIn,
  };
}
