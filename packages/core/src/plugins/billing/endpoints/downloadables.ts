import { z } from "zod";
import { defineEndpoint } from "../../../router/endpoint";
import { billingRoutes } from "../routes";
import { billingOf } from "../services";

/**
 * GET /customer/downloadables/list: the files the signed-in user's grants give, each with a fresh
 * signed download link (valid `billing({ files: { downloadExpiresIn } })` seconds, default 1 h).
 */
export const customerDownloadables = defineEndpoint(billingRoutes.customerDownloadables, {
  query: z.object({ organizationId: z.string().max(255).optional() }).optional(),
  auth: "session",
  noStore: true,
  async handler({ app, session, query }) {
    const billing = billingOf(app);
    const customers = await billing.customers.ofUser(session.user.id, query?.organizationId);
    const items = await billing.downloads.listFor(customers);
    return { items };
  },
});

/** RFC 6266 filename: an ASCII fallback and the UTF-8 name. */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * GET /customer/downloadables/download?token=: the bytes behind a signed link (the link is the
 * credential, no session needed). 403 for a tampered or expired link or a grant revoked since,
 * 404 for a deleted file. Always an attachment, never rendered by the browser.
 */
export const downloadDownloadable = defineEndpoint(billingRoutes.downloadDownloadable, {
  produces: ["file"],
  query: z.object({ token: z.string().min(1).max(1024) }),
  async handler({ app, query }) {
    const { file, stream } = await billingOf(app).downloads.download(query.token);
    return new Response(stream, {
      status: 200,
      headers: {
        "content-type": file.mimeType,
        "content-length": String(Number(file.size)),
        "content-disposition": disposition(file.name),
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'; sandbox",
      },
    });
  },
});

/**
 * GET /product-media/{id}: a product image, public (products show them on pricing pages and the
 * checkout). Only files uploaded as `product_media` (images, never SVG) are served; anything else
 * is 404. Immutable per id, so caches may keep it.
 */
export const productMedia = defineEndpoint(billingRoutes.productMedia, {
  produces: ["file"],
  async handler({ app, params }) {
    const found = await billingOf(app).files.publicMedia(params.id ?? "");
    if (!found?.stream)
      return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
    return new Response(found.stream, {
      status: 200,
      headers: {
        "content-type": found.file.mimeType,
        "content-length": String(Number(found.file.size)),
        "cache-control": "public, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'; sandbox",
        "cross-origin-resource-policy": "cross-origin",
      },
    });
  },
});
