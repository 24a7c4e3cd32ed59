import { AUTH_ERRORS } from "../auth/errors";
import { PrototypePollutionError, safeJsonParse } from "./safe-json";

/**
 * Reads a routed request's body: JSON (parsed with prototype-pollution protection) or form data
 * (sign-in and sign-up forms post `application/x-www-form-urlencoded`). No body: undefined.
 */
export async function readRequestBody(request: Request): Promise<unknown> {
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return undefined;
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    const form = await request.formData();
    const out: Record<string, string> = Object.create(null);
    for (const [key, value] of form) {
      if (key === "__proto__" || key === "constructor" || key === "prototype")
        throw AUTH_ERRORS.INVALID_JSON_PROTOTYPE_POLLUTION_KEYS_ARE_NOT_ALLOWED();
      if (typeof value === "string") out[key] = value;
    }
    return { ...out };
  }
  const text = await request.text();
  if (text.trim() === "") return undefined;
  try {
    return safeJsonParse(text);
  } catch (error) {
    if (error instanceof PrototypePollutionError)
      throw AUTH_ERRORS.INVALID_JSON_PROTOTYPE_POLLUTION_KEYS_ARE_NOT_ALLOWED();
    throw AUTH_ERRORS.INVALID_JSON_IN_REQUEST_BODY();
  }
}
