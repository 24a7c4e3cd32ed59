import type { GrantProperties } from "../benefit-grants/strategy";
import type { BillingContext } from "../context";
import { BILLING_ERRORS } from "../errors";
import type { CustomerRow } from "../rows";
import { DEFAULT_DOWNLOAD_EXPIRES_IN } from "./options";
import { fileRepository } from "./repository";
import type { FileService } from "./service";
import { signDownload, verifyDownload } from "./signed-url";

/**
 * A customer's current grants (granted, not revoked): the grant engine supplies it
 * (`downloads.readGrantsWith(benefitGrants.currentOf)` in services.ts). Without a reader no
 * customer holds a grant, so lists are empty and download links are refused.
 */
export type GrantReader = (
  customerId: string,
) => Promise<{ benefitId: string; properties: GrantProperties }[]>;

const DOWNLOAD_PATH = "/customer/downloadables/download";

/** File ids a downloadables benefit currently offers: `files` minus the archived ones. */
export function activeFileIds(properties: Record<string, unknown>): string[] {
  const files = Array.isArray(properties.files) ? properties.files : [];
  const archived = (properties.archived ?? {}) as Record<string, unknown>;
  return files.filter((id): id is string => typeof id === "string" && archived[id] !== true);
}

const grantedIds = (properties: GrantProperties): Set<string> =>
  new Set(
    (Array.isArray(properties.files) ? properties.files : [])
      .map((f) => (f as { fileId?: unknown } | null)?.fileId)
      .filter((id): id is string => typeof id === "string"),
  );

/**
 * Buyer side of downloadables: the files a customer's grants give (still offered by the benefit,
 * not deleted), each with a fresh signed link, and the download behind such a link.
 */
export function createDownloadService(ctx: BillingContext, files: FileService) {
  const db = ctx.app.adapter;
  let readGrants: GrantReader = async () => [];
  const ttl = ctx.options.files?.downloadExpiresIn ?? DEFAULT_DOWNLOAD_EXPIRES_IN;

  /** (benefit, file) pairs the customer may download now, in benefit file order. */
  async function available(customer: Pick<CustomerRow, "id" | "merchantId">) {
    const grants = await readGrants(customer.id);
    const benefits = await fileRepository(db).downloadableBenefits(grants.map((g) => g.benefitId));
    const pairs: { benefitId: string; fileId: string }[] = [];
    for (const benefit of benefits) {
      if (benefit.merchantId !== customer.merchantId) continue;
      const granted = new Set<string>();
      for (const g of grants)
        if (g.benefitId === benefit.id) for (const id of grantedIds(g.properties)) granted.add(id);
      for (const fileId of activeFileIds(benefit.properties)) {
        if (granted.has(fileId)) pairs.push({ benefitId: benefit.id, fileId });
      }
    }
    const rows = await fileRepository(db).byIds(customer.merchantId, [
      ...new Set(pairs.map((p) => p.fileId)),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return pairs.flatMap((p) => {
      const file = byId.get(p.fileId);
      return file ? [{ ...p, file }] : [];
    });
  }

  async function listFor(customers: readonly Pick<CustomerRow, "id" | "merchantId">[]) {
    const exp = Math.floor(ctx.now().getTime() / 1000) + ttl;
    const items = [];
    for (const customer of customers) {
      for (const { benefitId, file } of await available(customer)) {
        const token = await signDownload(ctx.app.keys, {
          merchantId: customer.merchantId,
          fileId: file.id,
          customerId: customer.id,
          benefitId,
          exp,
        });
        items.push({
          id: file.id,
          benefitId,
          customerId: customer.id,
          organizationId: file.merchantId,
          name: file.name,
          mimeType: file.mimeType,
          size: Number(file.size),
          checksumSha256: file.checksumSha256,
          downloadUrl: `${ctx.app.baseURL}${DOWNLOAD_PATH}?token=${encodeURIComponent(token)}`,
          expiresAt: new Date(exp * 1000),
        });
      }
    }
    return items;
  }

  /**
   * The file behind a link (the link is the credential, so download managers need no session):
   * 403 for a bad or expired link or a grant gone since, 404 for a deleted file.
   */
  async function download(token: string) {
    const claims = await verifyDownload(ctx.app.keys, token, ctx.now());
    if (!claims) throw BILLING_ERRORS.DOWNLOAD_LINK_IS_INVALID_OR_HAS_EXPIRED();
    const customer = { id: claims.customerId, merchantId: claims.merchantId };
    const match = (await available(customer)).find(
      (p) => p.fileId === claims.fileId && p.benefitId === claims.benefitId,
    );
    if (!match) {
      const exists = await fileRepository(db).find(customer.merchantId, claims.fileId);
      throw exists
        ? BILLING_ERRORS.YOU_NO_LONGER_HAVE_ACCESS_TO_THIS_FILE()
        : BILLING_ERRORS.FILE_NOT_FOUND();
    }
    const stream = await files.storage.stream(match.file.storageKey);
    if (!stream) throw BILLING_ERRORS.FILE_NOT_FOUND();
    return { file: match.file, stream };
  }

  return {
    listFor,
    download,
    /** Wires the grant engine's reader of a customer's current grants. */
    readGrantsWith(reader: GrantReader) {
      readGrants = reader;
    },
  };
}

export type DownloadService = ReturnType<typeof createDownloadService>;
