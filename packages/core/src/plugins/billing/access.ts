import { AUTH_ERRORS } from "../../auth/errors";
import type { SessionWithUser } from "../../auth/models";
import type { AppContext } from "../../context/app-context";
import { type Principal, principalGrants } from "../../context/principal";
import { BILLING_ERRORS } from "./errors";
import { organizationsOf } from "./identity";
import type { MerchantRow, MerchantService } from "./merchants/service";

/**
 * Billing statements of the organization access-control table: resource `billing` with actions
 * `read` and `manage`. Default grants by organization role: owner and admin manage and read,
 * member reads. Custom organization roles may grant `billing` actions themselves
 * (`ac.newRole({ billing: ["read"] })`); a grant from either source suffices.
 */
export const billingStatements = { billing: ["read", "manage"] } as const;
export const DEFAULT_BILLING_GRANTS: Readonly<Record<string, readonly ("read" | "manage")[]>> = {
  owner: ["read", "manage"],
  admin: ["read", "manage"],
  member: ["read"],
};

const rolesOf = (value: unknown): string[] =>
  typeof value === "string"
    ? value
        .split(",")
        .map((r) => r.trim())
        .filter(Boolean)
    : [];

/** Is the user a platform admin (admin plugin role)? */
export function isPlatformAdmin(app: AppContext, user: Record<string, unknown>): boolean {
  if (!("role" in (app.schema.user?.fields ?? {}))) return false;
  return rolesOf(user.role).includes("admin");
}

export async function membershipRoles(
  app: AppContext,
  organizationId: string,
  userId: string,
): Promise<string[] | null> {
  const org = organizationsOf(app);
  if (!org) return null;
  const role = await org.memberRole(userId, organizationId);
  return role === null ? null : rolesOf(role);
}

/**
 * The merchant a signed-in user may act on. Merchant-side actions ("manage") are for the merchant
 * organization's owners and admins and for platform admins; "read" also admits members. Without
 * the organization plugin the single default merchant is managed by platform admins only.
 */
export async function merchantFor(
  app: AppContext,
  merchants: MerchantService,
  session: SessionWithUser,
  organizationId: string | null | undefined,
  mode: "manage" | "read",
): Promise<MerchantRow> {
  const admin = isPlatformAdmin(app, session.user);
  if (!merchants.organizationBacked) {
    if (!admin) throw BILLING_ERRORS.YOU_ARE_NOT_ALLOWED_TO_MANAGE_BILLING_FOR_THIS_ORGANIZATION();
    return merchants.defaultMerchant();
  }
  const orgId = organizationId ?? (session.session.activeOrganizationId as string | null | undefined) ?? null;
  if (!orgId) throw BILLING_ERRORS.MERCHANT_NOT_FOUND();
  if (!admin) {
    const roles = await membershipRoles(app, orgId, session.user.id);
    if (!roles) throw BILLING_ERRORS.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION();
    const byDefault = roles.some((r) => DEFAULT_BILLING_GRANTS[r]?.includes(mode));
    const org = organizationsOf(app);
    const byCustomRole =
      !byDefault &&
      (await org?.hasPermission({
        userId: session.user.id,
        organizationId: orgId,
        permissions: { billing: [mode] },
      }));
    if (!byDefault && !byCustomRole)
      throw BILLING_ERRORS.YOU_ARE_NOT_ALLOWED_TO_MANAGE_BILLING_FOR_THIS_ORGANIZATION();
  }
  return merchants.resolve(orgId);
}

/** Does the user hold billing `mode` in the organization (default role grants or a custom role)? */
export async function hasBillingGrant(
  app: AppContext,
  userId: string,
  organizationId: string,
  mode: "manage" | "read",
): Promise<boolean> {
  const roles = await membershipRoles(app, organizationId, userId);
  if (!roles) return false;
  if (roles.some((r) => DEFAULT_BILLING_GRANTS[r]?.includes(mode))) return true;
  const org = organizationsOf(app);
  return Boolean(await org?.hasPermission({ userId, organizationId, permissions: { billing: [mode] } }));
}

/**
 * The merchant a caller may act on: a session as `merchantFor`, or a session-less principal (an
 * organization API key) whose permissions hold the billing statement (`billing: ["manage"]` for
 * writes; `read` or `manage` for reads). A principal acts only on its own organization's merchant.
 * Neither: 401.
 */
export async function merchantForCaller(
  app: AppContext,
  merchants: MerchantService,
  caller: { readonly session: SessionWithUser | null; readonly principal: Principal | null },
  organizationId: string | null | undefined,
  mode: "manage" | "read",
): Promise<MerchantRow> {
  const { session, principal } = caller;
  if (!principal) {
    if (!session) throw AUTH_ERRORS.UNAUTHORIZED();
    return merchantFor(app, merchants, session, organizationId, mode);
  }
  const ownOrganization =
    principal.owner.type === "organization" && (!organizationId || organizationId === principal.owner.id);
  const granted =
    principalGrants(principal, { billing: [mode] }) ||
    (mode === "read" && principalGrants(principal, { billing: ["manage"] }));
  if (!merchants.organizationBacked || !ownOrganization || !granted)
    throw BILLING_ERRORS.YOU_ARE_NOT_ALLOWED_TO_MANAGE_BILLING_FOR_THIS_ORGANIZATION();
  return merchants.resolve(principal.owner.id);
}
