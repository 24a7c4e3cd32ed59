import { BILLING_ERROR_CODES } from "../error-codes";
import { BILLING_ERRORS } from "../errors";

/**
 * The email of an authenticated checkout (one created for a signed-in user) is the user's: the
 * order goes to the user's customer, so a different email would make checkout and customer
 * disagree. A change (or removal) is refused with 422; sending the same address is accepted.
 */
export function assertEmailChangeAllowed(
  current: { readonly userId?: string | null; readonly customerEmail?: string | null },
  patch: { readonly customerEmail?: string | null },
): void {
  if (patch.customerEmail === undefined || !current.userId) return;
  const next = patch.customerEmail?.trim().toLowerCase() ?? null;
  if (next === (current.customerEmail ?? null)) return;
  const message = BILLING_ERROR_CODES.CUSTOMER_EMAIL_CANNOT_BE_CHANGED_FOR_AN_AUTHENTICATED_CHECKOUT.message;
  throw BILLING_ERRORS.CUSTOMER_EMAIL_CANNOT_BE_CHANGED_FOR_AN_AUTHENTICATED_CHECKOUT({
    issues: [{ path: ["customerEmail"], message }],
  });
}
