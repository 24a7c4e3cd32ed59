import { AUTH_ERRORS, readBodyAtMost } from "../../../plugin";
import { BILLING_ERRORS } from "../errors";

/** Room for the multipart envelope (boundaries, part headers, small fields) around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

export interface UploadBody {
  bytes: Uint8Array;
  /** From the multipart fields (`name`, `mimeType`) or the file part, or the Content-Type. */
  fields: Record<string, string>;
}

/** The body up to `limit` bytes; past it 413 "File is too large" with the configured `maxSize`. */
const readAtMost = (request: Request, limit: number, maxSize: number) =>
  readBodyAtMost(request.body, limit, () => BILLING_ERRORS.FILE_IS_TOO_LARGE({ maxSize }));

/**
 * Reads an upload, refusing (413) past `maxSize` while reading, whatever the declared length:
 * `multipart/form-data` with a `file` part (and optional `name`, `mimeType` fields), or the raw bytes as the body (name and type come from the query and Content-Type).
 */
export async function readUpload(request: Request, maxSize: number): Promise<UploadBody> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().includes("multipart/form-data")) {
    const bytes = await readAtMost(request, maxSize, maxSize);
    const mimeType = type.split(";")[0]?.trim();
    return { bytes, fields: mimeType ? { mimeType } : {} };
  }
  const raw = await readAtMost(request, maxSize + MULTIPART_OVERHEAD, maxSize);
  let form: FormData;
  try {
    form = await new Response(raw as Uint8Array<ArrayBuffer>, {
      headers: { "content-type": type },
    }).formData();
  } catch {
    throw AUTH_ERRORS.INVALID_BODY_PARAMETERS();
  }
  const file = form.get("file");
  if (!file || typeof file === "string") {
    throw AUTH_ERRORS.INVALID_BODY_PARAMETERS({ issues: [{ path: ["file"], message: "Required" }] });
  }
  const fields: Record<string, string> = {};
  if (file.name) fields.name = file.name;
  if (file.type) fields.mimeType = file.type;
  for (const key of ["name", "mimeType"] as const) {
    const value = form.get(key);
    if (typeof value === "string" && value !== "") fields[key] = value;
  }
  return { bytes: new Uint8Array(await file.arrayBuffer()), fields };
}
