import { z } from "zod";
import { BILLING_ERRORS } from "../errors";
import { parseInput } from "../input";
import type { BillingServices } from "../services";
import { customerMeters } from "../usage/balances";
import type { PortalAccess } from "./service";

export const portalKeyInput = z.object({ licenseKeyId: z.string().min(1).max(128) });
export const portalDeactivateInput = portalKeyInput.extend({ activationId: z.string().min(1).max(128) });

/** Most grants and keys shown (a customer holds a handful; Polar's portal lists them all). */
const MAX_ITEMS = 100;

const text = (v: unknown) => (typeof v === "string" && v.length > 0 ? v : null);

/**
 * What a grant shows in the portal, by benefit type: never the benefit's raw properties (a Discord
 * benefit keeps its bot token there). Discord and GitHub tell whether the access is in place or
 * waits for the buyer (an account to link), as Polar's portal does.
 */
function grantView(grant: {
  id: string;
  benefitId: string;
  grantedAt: Date | null;
  isGranted: boolean;
  error: { message?: string; type?: string } | null;
  properties: Record<string, unknown>;
  benefit: { type: string; description: string; properties: Record<string, unknown> } | null;
}) {
  const type = grant.benefit?.type ?? "custom";
  const p = grant.benefit?.properties ?? {};
  const detail =
    type === "custom"
      ? { note: text(p.note) }
      : type === "github_repository"
        ? {
            repository: [text(p.repositoryOwner), text(p.repositoryName)].filter(Boolean).join("/") || null,
            account: text(grant.properties.login),
          }
        : type === "discord"
          ? { account: text(grant.properties.accountId) }
          : type === "meter_credit"
            ? { units: typeof p.units === "number" ? p.units : null }
            : {};
  return {
    id: grant.id,
    benefitId: grant.benefitId,
    type,
    description: grant.benefit?.description ?? "",
    grantedAt: grant.grantedAt,
    /** `granted`: in place; `pending`: waiting (an account to link, a provider to answer). */
    status: grant.isGranted ? ("granted" as const) : ("pending" as const),
    /** Why it waits, as a kind (`account_not_linked`, ...), never the provider's wording. */
    waitingFor: grant.isGranted ? null : (grant.error?.type ?? null),
    ...detail,
  };
}

/**
 * The portal's benefits and usage: the customer's granted benefits (with license keys masked,
 * their activations when the benefit lets customers manage them, and fresh download links) and
 * the meter balances. Keys are revealed one at a time; activations are freed through the license
 * key service, so limits and events behave as for the merchant's own software.
 */
export function createPortalBenefits(billing: BillingServices) {
  const db = billing.ctx.app.adapter;
  const window = { page: 1, limit: MAX_ITEMS };

  async function benefits(a: PortalAccess) {
    const ids = [a.customer.id];
    const [grants, keys, downloads] = await Promise.all([
      billing.benefitGrants.listForCustomers(ids, window),
      billing.licenseKeys.listForCustomers(ids, window),
      billing.downloads.listFor([a.customer]),
    ]);
    return {
      grants: grants.items.map(grantView),
      licenseKeys: keys.items.map(({ key: _key, ...k }) => ({
        ...k,
        canDeactivate: k.activations !== null,
      })),
      downloadables: downloads.map((d) => ({
        id: d.id,
        benefitId: d.benefitId,
        name: d.name,
        mimeType: d.mimeType,
        size: d.size,
        downloadUrl: d.downloadUrl,
        expiresAt: d.expiresAt,
      })),
    };
  }

  /** One of the customer's own keys (anything else 404). */
  async function ownKey(a: PortalAccess, licenseKeyId: string) {
    const keys = await billing.licenseKeys.listForCustomers([a.customer.id], window);
    const key = keys.items.find((k) => k.id === licenseKeyId);
    if (!key) throw BILLING_ERRORS.LICENSE_KEY_NOT_FOUND();
    return key;
  }

  /** The full key, for the page's reveal and copy buttons (masked until asked for). */
  async function revealKey(a: PortalAccess, input: unknown) {
    const data = parseInput(portalKeyInput, input, "query");
    const key = await ownKey(a, data.licenseKeyId);
    return { id: key.id, key: key.key, displayKey: key.displayKey };
  }

  /**
   * Frees one activation of the customer's key; only when the benefit lets customers manage
   * activations (`activations.enableCustomerAdmin`), else the activation is not found (404).
   */
  async function deactivate(a: PortalAccess, input: unknown) {
    const data = parseInput(portalDeactivateInput, input);
    const key = await ownKey(a, data.licenseKeyId);
    if (!key.activations?.some((x) => x.id === data.activationId))
      throw BILLING_ERRORS.LICENSE_KEY_ACTIVATION_NOT_FOUND();
    return billing.licenseKeys.deactivate({
      key: key.key,
      organizationId: a.merchant.id,
      activationId: data.activationId,
    });
  }

  /** Each meter the customer has used or been credited: consumed, credited and the balance. */
  async function usage(a: PortalAccess) {
    const meters = await customerMeters(db, a.customer);
    return {
      items: meters.map((m) => ({
        meterId: m.meterId,
        name: m.meter.name,
        consumedUnits: m.consumedUnits,
        creditedUnits: m.creditedUnits,
        balance: m.balance,
      })),
    };
  }

  return { benefits, revealKey, deactivate, usage };
}

export type PortalBenefits = ReturnType<typeof createPortalBenefits>;
