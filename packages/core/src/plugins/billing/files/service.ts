import { z } from "zod";
import { generateRandomString, toHex } from "../../../plugin";
import { localFileStorage } from "../benefit-grants/storage";
import type { BillingContext } from "../context";
import { BILLING_ERRORS } from "../errors";
import { merchantOf, parseInput } from "../input";
import type { MerchantService } from "../merchants/service";
import { paginated } from "../pagination";
import { DEFAULT_FILES_DIRECTORY, DEFAULT_MAX_FILE_SIZE } from "./options";
import { fileRepository } from "./repository";
import { serializeFile } from "./serialize";

export interface UploadInput {
  organizationId?: string | null;
  name: string;
  mimeType: string;
  bytes: Uint8Array;
  /** `downloadable` (default): for downloadables benefits; `product_media`: a public product image. */
  service?: "downloadable" | "product_media";
}

/** Images a product may show (no SVG: it can carry script). */
export const PRODUCT_MEDIA_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"];

/** Where a product media file is served, publicly: `GET /product-media/{id}`. */
export const productMediaUrl = (baseURL: string, id: string) =>
  `${baseURL}/product-media/${encodeURIComponent(id)}`;

/** Name and media type of an upload (the bytes are checked apart: empty 422, too large 413). */
export const fileMetaInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, "name is required.")
    .max(255, "name must be at most 255 characters long.")
    .refine(
      (n) =>
        ![...n].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 || ch === "/" || ch === "\\"),
      "name must not contain slashes or control characters.",
    ),
  mimeType: z
    .string()
    .trim()
    .toLowerCase()
    .max(127, "mimeType must be at most 127 characters long.")
    .regex(
      /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/,
      "mimeType must look like type/subtype.",
    ),
});

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>)));
}

/**
 * Merchant files (`auth.billing.files.*`): the metadata row in `billingFile`, the bytes in the
 * configured storage under a random key. Every input names its merchant with `organizationId`
 * (omitted: the default merchant), as the other merchant-side services.
 */
export function createFileService(ctx: BillingContext, merchants: MerchantService) {
  const db = ctx.app.adapter;
  const storage =
    ctx.options.files?.storage ??
    localFileStorage({ directory: ctx.options.files?.directory ?? DEFAULT_FILES_DIRECTORY });
  const maxSize = ctx.options.files?.maxSize ?? DEFAULT_MAX_FILE_SIZE;

  /** Stores the bytes, then the row; a failed row write removes the bytes again. */
  async function upload(input: UploadInput) {
    const meta = parseInput(fileMetaInput, { name: input.name, mimeType: input.mimeType });
    if (input.bytes.byteLength === 0) throw BILLING_ERRORS.FILE_IS_EMPTY();
    if (input.bytes.byteLength > maxSize) throw BILLING_ERRORS.FILE_IS_TOO_LARGE({ maxSize });
    const service = input.service ?? "downloadable";
    if (service === "product_media" && !PRODUCT_MEDIA_TYPES.includes(meta.mimeType))
      throw BILLING_ERRORS.PRODUCT_MEDIA_MUST_BE_A_PNG_JPEG_GIF_WEBP_OR_AVIF_IMAGE();
    const merchant = await merchantOf(merchants, input);
    const storageKey = `${merchant.id}/${generateRandomString(32)}`;
    const checksumSha256 = await sha256Hex(input.bytes);
    await storage.put(storageKey, input.bytes, { mimeType: meta.mimeType });
    try {
      const row = await fileRepository(db).insert({
        merchantId: merchant.id,
        name: meta.name,
        mimeType: meta.mimeType,
        size: input.bytes.byteLength,
        checksumSha256,
        storageKey,
        service,
        publicUrl: null,
        createdAt: ctx.now(),
      });
      if (service !== "product_media") return serializeFile(row);
      const publicUrl = productMediaUrl(ctx.app.baseURL, row.id);
      await fileRepository(db).setPublicUrl(row.id, publicUrl);
      return serializeFile({ ...row, publicUrl });
    } catch (error) {
      await storage.delete(storageKey).catch(() => undefined);
      throw error;
    }
  }

  async function list(input: { organizationId?: string | null; page?: number; limit?: number } = {}) {
    const merchant = await merchantOf(merchants, input);
    const { rows, total, page, limit } = await fileRepository(db).page(merchant.id, input);
    return paginated(rows.map(serializeFile), total, page, limit);
  }

  /** Deletes the file (benefits stop offering it; links to it stop working) and its bytes. */
  async function remove(input: { organizationId?: string | null; id: string }) {
    const merchant = await merchantOf(merchants, input);
    const repo = fileRepository(db);
    const row = await repo.find(merchant.id, input.id);
    if (!row) throw BILLING_ERRORS.FILE_NOT_FOUND();
    await repo.markDeleted(row.id, ctx.now());
    await storage.delete(row.storageKey);
    return { success: true };
  }

  /** The bytes of a public product image, or null (unknown, deleted, or not product media). */
  async function publicMedia(id: string) {
    const row = await fileRepository(db).findPublicMedia(id);
    if (!row) return null;
    return { file: row, stream: await storage.stream(row.storageKey) };
  }

  return { upload, list, delete: remove, publicMedia, storage, maxSize };
}

export type FileService = ReturnType<typeof createFileService>;
