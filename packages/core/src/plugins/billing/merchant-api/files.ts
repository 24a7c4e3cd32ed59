import { z } from "zod";
import { defineEndpoint } from "../../../router/endpoint";
import { merchantForCaller } from "../access";
import { readUpload } from "../files/read-upload";
import { pageQuery, scoped } from "../input";
import { billingOf } from "../services";
import { merchantRead, merchantWrite } from "./define";
import { merchantRoutes as routes } from "./routes";

const short = (max: number) => z.string().max(max).optional();

/**
 * POST /billing/files/upload?organizationId=: `multipart/form-data` with a `file` part (fields
 * `name`, `mimeType` optional), or the raw bytes as the body with `?name=&mimeType=` (type default:
 * the Content-Type). The merchant comes from the query (else the active organization) and is
 * checked before the body is read. Read past the router's JSON parsing, up to
 * `billing({ files: { maxSize } })` (413 beyond); the auth's `advanced.maxBodySize` still caps the
 * declared Content-Length of every request before any endpoint runs.
 */
export const uploadFile = defineEndpoint(routes.uploadFile, {
  rawBody: true,
  query: z
    .object({
      organizationId: short(255),
      name: short(1000),
      mimeType: short(1000),
      /** `product_media` for a public product image (PNG, JPEG, GIF, WebP, AVIF). */
      service: z.enum(["downloadable", "product_media"]).optional(),
    })
    .optional(),
  auth: "optional",
  principal: true,
  async handler({ app, session, principal, query, request }) {
    const billing = billingOf(app);
    if (!request) throw new Error("POST /billing/files/upload reads the request body; call it over HTTP");
    // Rights first: nobody without them makes the server read a large body.
    const merchant = await merchantForCaller(
      app,
      billing.merchants,
      { session, principal },
      query?.organizationId,
      "manage",
    );
    const upload = await readUpload(request, billing.files.maxSize);
    return billing.files.upload({
      organizationId: merchant.id,
      name: upload.fields.name ?? query?.name ?? "",
      mimeType: query?.mimeType ?? upload.fields.mimeType ?? "application/octet-stream",
      bytes: upload.bytes,
      ...(query?.service ? { service: query.service } : {}),
    });
  },
});

/** GET /billing/files/list?page&limit: the merchant's files, newest first. */
export const listFiles = merchantRead(routes.listFiles, z.object(pageQuery), (b, input) =>
  b.files.list(input),
);

/** POST /billing/files/delete {id}: the file and its bytes; benefits stop offering it. */
export const deleteFile = merchantWrite(
  routes.deleteFile,
  z.object({ ...scoped, id: z.string().min(1).max(255) }),
  (b, input) => b.files.delete(input),
);
