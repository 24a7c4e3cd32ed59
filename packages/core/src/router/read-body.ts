import { AUTH_ERRORS } from "../kernel/errors";
import type { Incoming } from "./incoming";
import { PrototypePollutionError, safeJsonParse } from "./safe-json";

/** Default largest request body, in bytes (`advanced.maxBodySize`). */
export const DEFAULT_MAX_BODY_SIZE = 1024 * 1024;

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
export async function readRequestBody(request: Incoming, limit = DEFAULT_MAX_BODY_SIZE): Promise<unknown> {
  if (request.method === "GET" || request.method === "HEAD" || !request.hasBody) return undefined;
  const declared = request.header("content-type");
  const type = (declared ?? "").toLowerCase();
  const bytes = await request.readBytes(limit);
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    return readForm(bytes, declared ?? type);
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
