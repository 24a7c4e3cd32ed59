import type { AppContext } from "../kernel/app-context";
import { parseRoles } from "./roles";

/** Whose admin rights are asked about: a user row (id and stored roles). */
export interface AdminSubject {
  readonly id?: string;
  readonly role?: unknown;
}

/** What the admin plugin offers other plugins (`app.services.admin`). */
interface AdminService {
  isAdmin(subject: AdminSubject): boolean;
}

const adminService = (app: AppContext): AdminService | undefined => {
  const service = app.services.admin as Partial<AdminService> | undefined;
  return typeof service?.isAdmin === "function" ? (service as AdminService) : undefined;
};

/**
 * The one platform-admin check for plugins. With the admin plugin installed it decides (its admin
 * roles and admin user ids); without it, a user whose stored `role` field lists "admin" is one (an
 * app may declare that field itself); without such a field nobody is.
 */
export function isPlatformAdmin(app: AppContext, user: AdminSubject): boolean {
  const admin = adminService(app);
  if (admin) return admin.isAdmin(user);
  if (!("role" in (app.schema.user?.fields ?? {}))) return false;
  return parseRoles(user.role).includes("admin");
}
