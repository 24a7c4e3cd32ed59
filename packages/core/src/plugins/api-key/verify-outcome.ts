import { API_KEY_ERROR_CODES, type ApiKeyErrorCode } from "./error-codes";
import type { ApiKeyRow } from "./models";

export interface VerifyFailure {
  readonly code: ApiKeyErrorCode;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

export type VerifyOutcome =
  | { readonly ok: true; readonly row: ApiKeyRow }
  | { readonly ok: false; readonly error: VerifyFailure };

export const fail = (code: ApiKeyErrorCode, details?: Record<string, unknown>): VerifyOutcome => ({
  ok: false,
  error: { code, message: API_KEY_ERROR_CODES[code].message, ...(details ? { details } : {}) },
});

/** Attempts at a counter before giving up with "Failed to update API key" (only under heavy races). */
export const ATTEMPTS = 5;
