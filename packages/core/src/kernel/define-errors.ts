import { APIError } from "better-call";
import { errorCode } from "./error-code";

export { APIError };

/** HTTP statuses our errors use. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 500 | 501 | 502 | 503;

/** The same wire code answered with another status or message casing at a named call site. */
export interface ErrorVariant {
  readonly status?: ErrorStatus;
  readonly message?: string;
}

export interface ErrorSpec {
  readonly status: ErrorStatus;
  readonly message: string;
  /**
   * The wire code, only where the message is configurable (admin's BANNED_USER); otherwise the code
   * is derived from the message.
   */
  readonly code?: string;
  /** Call sites that answer the same code with another status (or message casing). */
  readonly variants?: Readonly<Record<string, ErrorVariant>>;
}

/** A thrower bound to one message and status; details become extra body fields. */
export interface BaseErrorFactory<Status extends ErrorStatus = ErrorStatus, Message extends string = string> {
  (details?: Record<string, unknown>): APIError;
  readonly status: Status;
  readonly message: Message;
  readonly code: string;
}

type VariantFactories<S extends ErrorSpec> = S extends { readonly variants: infer V }
  ? { readonly [K in keyof V]: BaseErrorFactory }
  : unknown;

export type ErrorFactory<S extends ErrorSpec = ErrorSpec> = BaseErrorFactory<S["status"], S["message"]> &
  VariantFactories<S>;

export type ErrorTable<T extends Record<string, ErrorSpec>> = { readonly [K in keyof T]: ErrorFactory<T[K]> };

/** The code an error table entry sends on the wire (spec section 8). */
export function wireCode(spec: ErrorSpec): string {
  return spec.code ?? errorCode(spec.message);
}

function factory(status: ErrorStatus, message: string, code: string): BaseErrorFactory {
  const make = (details?: Record<string, unknown>) => new APIError(status, { ...details, message, code });
  return Object.assign(make, { status, message, code });
}

/**
 * Declares a module's errors once: message and HTTP status travel together, and the code is
 * derived from the message (spec section 8), so no throw site can pick a different status. Each key
 * must equal the code sent on the wire, so `error.code === "EMAIL_IS_THE_SAME"` and the table key
 * name the same thing; a mismatch throws when the module loads.
 *
 *   export const CORE_ERRORS = defineErrors({ EMAIL_IS_THE_SAME: { status: 400, message: "Email is the same" } });
 *   throw CORE_ERRORS.EMAIL_IS_THE_SAME();
 */
export function defineErrors<const T extends Record<string, ErrorSpec>>(table: T): ErrorTable<T> {
  const out: Record<string, BaseErrorFactory> = {};
  for (const [key, spec] of Object.entries(table)) {
    const code = wireCode(spec);
    if (code !== key) throw new Error(`Error table key ${key} differs from its wire code ${code}`);
    const main = factory(spec.status, spec.message, code);
    for (const [name, variant] of Object.entries(spec.variants ?? {})) {
      const message = variant.message ?? spec.message;
      if (!spec.code && errorCode(message) !== code) {
        throw new Error(`Variant ${key}.${name} has a message whose code is not ${code}`);
      }
      Object.assign(main, { [name]: factory(variant.status ?? spec.status, message, code) });
    }
    out[key] = main;
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
