import { standardWebhookKey, WEBHOOK_SECRET_PREFIX } from "../../../plugin";
import { BILLING_ERRORS } from "../errors";

/** Fewest key bytes a caller-chosen endpoint secret may carry. */
export const MIN_WEBHOOK_SECRET_BYTES = 24;

/**
 * A secret given when creating an endpoint (as Polar's API allows): `whsec_` followed by standard,
 * padded base64 of at least 24 bytes. Anything else is a 400; the secret is stored as given.
 */
export function checkGivenSecret(secret: string): string {
  const body = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : null;
  const key =
    body !== null && body.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(body)
      ? standardWebhookKey(secret)
      : null;
  if (!key || key.length < MIN_WEBHOOK_SECRET_BYTES)
    throw BILLING_ERRORS.INVALID_WEBHOOK_SECRET({
      issues: [
        {
          path: ["secret"],
          message: `secret must be "${WEBHOOK_SECRET_PREFIX}" followed by the base64 of at least ${MIN_WEBHOOK_SECRET_BYTES} random bytes.`,
        },
      ],
    });
  return secret;
}
