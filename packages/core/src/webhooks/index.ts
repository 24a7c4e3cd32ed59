/**
 * Receiving side of Gatehouse billing webhooks (Standard Webhooks), for merchants' own apps.
 * Browser and edge safe: no Node APIs are required.
 *
 *   import { verifyWebhook, WebhookVerificationError } from "@gatehouse-js/core/webhooks";
 */
export {
  BILLING_EVENT_TYPES,
  type BillingEvent,
  type BillingEventType,
} from "./events";
export {
  generateWebhookSecret,
  type SignWebhookInput,
  signWebhook,
  WEBHOOK_SECRET_PREFIX,
} from "./signing";
export {
  type VerifyWebhookOptions,
  verifyWebhook,
  WEBHOOK_VERIFICATION_MESSAGES,
  type WebhookHeaders,
  WebhookVerificationError,
} from "./verify";
