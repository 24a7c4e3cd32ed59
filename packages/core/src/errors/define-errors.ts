import { APIError } from "better-call";
import { errorCode } from "./error-code";

export { APIError };

/** HTTP statuses our errors use. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 500 | 501 | 502 | 503;

export interface ErrorSpec {
  readonly status: ErrorStatus;
  readonly message: string;
}

/** A thrower bound to one message and status; details become extra body fields. */
export interface ErrorFactory<S extends ErrorSpec = ErrorSpec> {
  (details?: Record<string, unknown>): APIError;
  readonly status: S["status"];
  readonly message: S["message"];
  readonly code: string;
}

export type ErrorTable<T extends Record<string, ErrorSpec>> = { readonly [K in keyof T]: ErrorFactory<T[K]> };

/**
 * Declares a module's errors once: message and HTTP status travel together, and the code is
 * derived from the message (spec section 8), so no throw site can pick a different status.
 *
 *   export const CORE_ERRORS = defineErrors({ EMAIL_IS_THE_SAME: { status: 400, message: "Email is the same" } });
 *   throw CORE_ERRORS.EMAIL_IS_THE_SAME();
 */
export function defineErrors<const T extends Record<string, ErrorSpec>>(table: T): ErrorTable<T> {
  const out: Record<string, ErrorFactory> = {};
  for (const [key, spec] of Object.entries(table)) {
    const code = errorCode(spec.message);
    const factory = (details?: Record<string, unknown>) =>
      new APIError(spec.status, { ...details, message: spec.message, code });
    out[key] = Object.assign(factory, { status: spec.status, message: spec.message, code });
  }
  return out as ErrorTable<T>;
}

/** An error with a status and message not in a table (rare; prefer a table entry). */
export function apiError(status: ErrorStatus, message: string, details?: Record<string, unknown>): APIError {
  return new APIError(status, { ...details, message, code: errorCode(message) });
}

export function isAPIError(error: unknown): error is APIError {
  return error instanceof APIError || (error instanceof Error && error.name === "APIError");
}
