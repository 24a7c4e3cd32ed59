import type { DBAdapter, Row } from "../../../plugin";
import { isAdapterError } from "../../../plugin";
import type { BillingContext, Emit } from "../context";
import { BILLING_ERRORS } from "../errors";
import { organizationsOf } from "../identity";
import type { MerchantRow } from "../rows";
import { merchantRepository } from "./repository";

export type { MerchantRow } from "../rows";

export const SOCIAL_PLATFORMS = [
  "x",
  "github",
  "facebook",
  "instagram",
  "youtube",
  "tiktok",
  "linkedin",
  "other",
] as const;

export const DEFAULT_FEATURE_SETTINGS = { issueFundingEnabled: false, usageBasedBillingEnabled: false };
export const DEFAULT_SUBSCRIPTION_SETTINGS = {
  allowMultipleSubscriptions: false,
  allowCustomerUpdates: true,
  prorationBehavior: "prorate" as const,
};

/** A merchant change: settings objects are merged into the stored ones (partial updates). */
export type MerchantUpdate = Partial<Omit<MerchantRow, "featureSettings" | "subscriptionSettings">> & {
  featureSettings?: Partial<MerchantRow["featureSettings"]>;
  subscriptionSettings?: Partial<MerchantRow["subscriptionSettings"]>;
};

/** The spec's Merchant organization shape. */
export function serializeMerchant(m: MerchantRow) {
  return {
    id: m.id,
    name: m.name,
    slug: m.slug,
    avatarUrl: m.avatarUrl ?? null,
    email: m.email ?? null,
    website: m.website ?? null,
    socials: m.socials ?? [],
    detailsSubmittedAt: m.detailsSubmittedAt ?? null,
    featureSettings: { ...DEFAULT_FEATURE_SETTINGS, ...m.featureSettings },
    subscriptionSettings: { ...DEFAULT_SUBSCRIPTION_SETTINGS, ...m.subscriptionSettings },
    createdAt: m.createdAt,
    modifiedAt: m.modifiedAt,
  };
}

/**
 * Merchants: with the organization plugin, every organization is a merchant (the merchant row is
 * created on first use and shares the organization's id); without it, one default merchant exists.
 */
export function createMerchantService(ctx: BillingContext) {
  const { app } = ctx;
  const organizationBacked = "organization" in app.schema;

  async function create(db: DBAdapter, data: Row): Promise<MerchantRow> {
    try {
      return await merchantRepository(db).insert({
        socials: [],
        featureSettings: DEFAULT_FEATURE_SETTINGS,
        subscriptionSettings: DEFAULT_SUBSCRIPTION_SETTINGS,
        createdAt: ctx.now(),
        modifiedAt: ctx.now(),
        ...data,
      });
    } catch (error) {
      // Two first uses at once: the other one created it.
      if (!isAdapterError(error, "UNIQUE_VIOLATION")) throw error;
      const row = await merchantRepository(db).findById(data.id as string);
      if (!row) throw error;
      return row;
    }
  }

  async function defaultMerchant(db: DBAdapter = app.adapter): Promise<MerchantRow> {
    const found = await merchantRepository(db).findDefault();
    if (found) return found;
    const cfg = ctx.options.defaultMerchant ?? {};
    return create(db, {
      id: "default",
      isDefault: true,
      name: cfg.name ?? app.appName,
      slug: cfg.slug ?? "default",
      email: cfg.email ?? null,
    });
  }

  /** The merchant for an organization (organization plugin) or the default merchant. */
  async function resolve(organizationId?: string | null, db: DBAdapter = app.adapter): Promise<MerchantRow> {
    if (!organizationBacked || !organizationId) {
      if (organizationBacked && !organizationId) throw BILLING_ERRORS.MERCHANT_NOT_FOUND();
      return defaultMerchant(db);
    }
    const found = await merchantRepository(db).findById(organizationId);
    if (found) return found;
    const org = await organizationsOf(app)?.findOrganization(organizationId, db);
    if (!org) throw BILLING_ERRORS.MERCHANT_NOT_FOUND();
    return create(db, {
      id: org.id,
      organizationId: org.id,
      name: org.name,
      slug: org.slug,
      avatarUrl: org.logo ?? null,
    });
  }

  async function byId(id: string, db: DBAdapter = app.adapter): Promise<MerchantRow> {
    const row = await merchantRepository(db).findById(id);
    if (!row) throw BILLING_ERRORS.MERCHANT_NOT_FOUND();
    return row;
  }

  async function update(merchantId: string, data: MerchantUpdate) {
    return ctx.write(async (tx, emit: Emit) => {
      const current = await byId(merchantId, tx);
      const merged: Row = { ...data, modifiedAt: ctx.now() };
      if (data.featureSettings)
        merged.featureSettings = { ...current.featureSettings, ...data.featureSettings };
      if (data.subscriptionSettings) {
        merged.subscriptionSettings = { ...current.subscriptionSettings, ...data.subscriptionSettings };
      }
      const updated = await merchantRepository(tx).update(merchantId, merged);
      if (!updated) throw BILLING_ERRORS.MERCHANT_NOT_FOUND();
      await emit(merchantId, "organization.updated", serializeMerchant(updated));
      return serializeMerchant(updated);
    });
  }

  /** Next invoice number `{SLUG}-{NNNN}`, from an atomic per-merchant counter. */
  async function nextInvoiceNumber(db: DBAdapter, merchant: MerchantRow): Promise<string> {
    const [number] = await nextInvoiceNumbers(db, merchant, 1);
    return number as string;
  }

  /** `count` consecutive invoice numbers, in order, from one increment of the counter. */
  async function nextInvoiceNumbers(db: DBAdapter, merchant: MerchantRow, count: number): Promise<string[]> {
    const row = await merchantRepository(db).bumpInvoiceCounter(merchant.id, count);
    const last = row?.invoiceCounter ?? count;
    const prefix = merchant.slug.toUpperCase().replace(/[^A-Z0-9]+/g, "-");
    return Array.from(
      { length: count },
      (_, i) => `${prefix}-${String(last - count + 1 + i).padStart(4, "0")}`,
    );
  }

  return {
    resolve,
    defaultMerchant,
    byId,
    update,
    nextInvoiceNumber,
    nextInvoiceNumbers,
    organizationBacked,
  };
}

export type MerchantService = ReturnType<typeof createMerchantService>;
