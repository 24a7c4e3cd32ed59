import { APIError, defineErrors } from "../../plugin";
import { BILLING_ERROR_CODES } from "./error-codes";

export const BILLING_ERRORS = defineErrors(BILLING_ERROR_CODES);

export interface FieldIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/** 422 with every failing field at once (confirm validates the whole checkout). */
export function validationFailed(issues: readonly FieldIssue[]): APIError {
  const first = issues[0];
  return new APIError(422, {
    message: first?.message ?? BILLING_ERROR_CODES.VALIDATION_FAILED.message,
    code: "VALIDATION_FAILED",
    issues,
  });
}

/** 400 "The payment failed: {reason}. Please try again with a different payment method." */
export function paymentFailed(reason: string, declineCode?: string): APIError {
  return new APIError(400, {
    message: `The payment failed: ${reason}. Please try again with a different payment method.`,
    code: "THE_PAYMENT_FAILED",
    ...(declineCode ? { declineCode } : {}),
  });
}

/** 400 "License key only has {n} more usages." (the usage limit would be passed). */
export function usagesLeft(n: number): APIError {
  return new APIError(400, {
    message: `License key only has ${n} more usages.`,
    code: "LICENSE_KEY_USAGE_LIMIT",
  });
}
