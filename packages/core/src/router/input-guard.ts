import { AUTH_ERRORS } from "../kernel/errors";

/**
 * Boundary checks on every routed body and query, and on server-call input, before the endpoint's
 * schema runs: no string (value or key) may carry a NUL character (PostgreSQL refuses the byte) or a
 * lone surrogate (not encodable as UTF-8), be longer than {@link MAX_STRING_LENGTH}, or sit deeper
 * than {@link MAX_DEPTH} levels. Fields with a natural limit have a tighter `.max()` in their schema.
 */
export const MAX_STRING_LENGTH = 10_000;
export const MAX_DEPTH = 32;

/** `String.prototype.isWellFormed` (Node 20+; typed here because the lib target is ES2023). */
const wellFormed = (value: string): boolean =>
  (value as unknown as { isWellFormed(): boolean }).isWellFormed();

const unsafeString = (value: string): boolean =>
  value.length > MAX_STRING_LENGTH || value.includes("\u0000") || !wellFormed(value);

/** True when the value breaks a boundary rule. Only plain objects and arrays are walked. */
export function isUnsafeInput(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return unsafeString(value);
  if (value === null || typeof value !== "object") return false;
  if (depth >= MAX_DEPTH) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (isUnsafeInput(item, depth + 1)) return true;
    return false;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const key in value) {
    if (unsafeString(key)) return true;
    if (isUnsafeInput((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/** Throws 400 "Invalid body parameters" / "Invalid query parameters" for unsafe input. */
export function guardInput(value: unknown, where: "body" | "query"): void {
  if (value === undefined || !isUnsafeInput(value)) return;
  const issues = [{ path: [], message: "Invalid characters, nesting or length" }];
  throw where === "body"
    ? AUTH_ERRORS.INVALID_BODY_PARAMETERS({ issues })
    : AUTH_ERRORS.INVALID_QUERY_PARAMETERS({ issues });
}
