import { AUTH_ERRORS } from "../kernel/errors";
import { PrototypePollutionError, safeJsonParse } from "./safe-json";

/** Default largest request body, in bytes (`advanced.maxBodySize`). */
export const DEFAULT_MAX_BODY_SIZE = 1024 * 1024;

/** 413 when the declared length is over the limit (checked before anything is read). */
export function declaredTooLarge(request: Request, limit: number): boolean {
  const length = request.headers.get("content-length");
  return length !== null && Number(length) > limit;
}

/** Reads the body's bytes, refusing (413) past `limit` whatever the declared length says. */
async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  if (declaredTooLarge(request, limit)) throw AUTH_ERRORS.REQUEST_BODY_TOO_LARGE();
  const reader = (request.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch {
      throw AUTH_ERRORS.INVALID_BODY_PARAMETERS();
    }
    if (step.done) break;
    size += step.value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw AUTH_ERRORS.REQUEST_BODY_TOO_LARGE();
    }
    chunks.push(step.value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

async function readForm(bytes: Uint8Array, type: string): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { "content-type": type },
    }).formData();
  } catch {
    // Malformed multipart (bad boundary, truncated parts) is the client's error.
    throw AUTH_ERRORS.INVALID_BODY_PARAMETERS();
  }
  const out: Record<string, string> = Object.create(null);
  for (const [key, value] of form) {
    if (key === "__proto__" || key === "constructor" || key === "prototype")
      throw AUTH_ERRORS.INVALID_JSON_PROTOTYPE_POLLUTION_KEYS_ARE_NOT_ALLOWED();
    if (typeof value === "string") out[key] = value;
  }
  return { ...out };
}

/**
 * Reads a routed request's body, at most `limit` bytes (413 past it): JSON (parsed with
 * prototype-pollution protection) or form data (sign-in and sign-up forms post
 * `application/x-www-form-urlencoded`). No body: undefined. Unparseable bodies are 400s.
 */
export async function readRequestBody(request: Request, limit = DEFAULT_MAX_BODY_SIZE): Promise<unknown> {
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return undefined;
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const bytes = await readLimited(request, limit);
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    return readForm(bytes, request.headers.get("content-type") ?? type);
  }
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === "") return undefined;
  try {
    return safeJsonParse(text);
  } catch (error) {
    if (error instanceof PrototypePollutionError)
      throw AUTH_ERRORS.INVALID_JSON_PROTOTYPE_POLLUTION_KEYS_ARE_NOT_ALLOWED();
    throw AUTH_ERRORS.INVALID_JSON_IN_REQUEST_BODY();
  }
}
