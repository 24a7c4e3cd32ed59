import { constantTimeEqual, generateRandomString, nodeCrypto } from "../../../plugin";
import type {
  PaymentProcessor,
  PaymentResult,
  PaymentStatus,
  ProcessorEvent,
  RefundInput,
  RefundResult,
} from "./processor";

/**
 * A deterministic, offline processor for development, tests and the examples. It behaves like
 * Stripe's test mode: the same payment-method ids and card numbers give the same outcomes.
 *
 * | method id / card number | outcome |
 * |---|---|
 * | `pm_card_visa`, 4242 4242 4242 4242 | succeeds |
 * | `pm_card_chargeDeclined`, 4000 0000 0000 0002 | declined (`generic_decline`) |
 * | `pm_card_chargeDeclinedInsufficientFunds`, 4000 0000 0000 9995 | declined (`insufficient_funds`) |
 * | `pm_card_authenticationRequired`, 4000 0025 0000 3155 | needs 3-D Secure (`requires_action`) |
 *
 * Setups (recurring products bought for nothing now) succeed for every method except the declines.
 * A 3-D Secure challenge is completed with `authenticate(intentId, approved)`, which yields the
 * processor event the engine would receive from a real processor's webhook.
 *
 * The processor keeps no state: an intent id carries the outcome `confirm` answered (`tpi_ok_...`
 * succeeded, `tpi_3ds_...` awaiting authentication, `tpi_no_...` declined), so `paymentStatus` gives
 * the same answer in any process. An intent the engine never recorded cannot be found: `not_found`.
 *
 * Refunds succeed synchronously. `refundOutcome` scripts another answer per refund: `"failed"`,
 * `"pending"` (settle it later with `refundEvent(refundId, status)`, like Stripe's refund webhook),
 * or a thrown error (the processor unreachable).
 */
const OUTCOMES: Record<string, "succeed" | "decline" | "insufficient" | "authenticate"> = {
  pm_card_visa: "succeed",
  "4242424242424242": "succeed",
  pm_card_chargeDeclined: "decline",
  "4000000000000002": "decline",
  pm_card_chargeDeclinedInsufficientFunds: "insufficient",
  "4000000000009995": "insufficient",
  pm_card_authenticationRequired: "authenticate",
  "4000002500003155": "authenticate",
};

export const TEST_PAYMENT_METHODS = Object.keys(OUTCOMES);

export type TestRefundOutcome = "succeeded" | "failed" | "pending";

export interface TestProcessorOptions {
  webhookSecret?: string;
  /** The answer to a refund (default `succeeded`); throw to simulate an unreachable processor. */
  refundOutcome?: (input: RefundInput) => TestRefundOutcome;
}

export interface TestProcessor extends PaymentProcessor {
  /** The signed processor event moving a refund (as Stripe's `refund.updated`). */
  refundEvent(refundId: string, status: RefundResult["status"]): Promise<Request>;
  /**
   * Scripts the next off-session charges: each call queues outcomes taken in order before the
   * saved method's own outcome applies, e.g. `scriptCharges("decline")` declines the next one.
   */
  scriptCharges(...outcomes: ("succeed" | "decline" | "insufficient")[]): void;
  /** Off-session charges asked so far (amount, currency, reference, idempotency key). */
  readonly charges: readonly {
    reference: string;
    amount: number;
    currency: string;
    idempotencyKey: string;
  }[];
  /** The signed event for a completed (or failed) 3-D Secure challenge. */
  authenticate(intentId: string, approved: boolean, checkoutId: string): Promise<Request>;
}

function hmac(secret: string, body: string): string {
  if (!nodeCrypto) throw new Error("The test processor needs node:crypto");
  return nodeCrypto.createHmac("sha256", secret).update(body).digest("hex");
}

export function testProcessor(options: TestProcessorOptions = {}): TestProcessor {
  const secret = options.webhookSecret ?? "test-processor-secret";
  const normalise = (method: string) => method.replace(/[\s-]/g, "");

  const signedRequest = (event: Omit<ProcessorEvent, "payload">): Request => {
    const body = JSON.stringify(event);
    return new Request("http://test-processor.local/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "x-test-processor-signature": hmac(secret, body) },
      body,
    });
  };

  const scripted: ("succeed" | "decline" | "insufficient")[] = [];
  const charges: { reference: string; amount: number; currency: string; idempotencyKey: string }[] = [];
  const answered = new Map<string, PaymentResult>();

  return {
    id: "test",
    scriptCharges: (...outcomes) => {
      scripted.push(...outcomes);
    },
    charges,
    async chargeOffSession(input): Promise<PaymentResult> {
      // The same idempotency key gives the same answer (no second charge).
      const earlier = answered.get(input.idempotencyKey);
      if (earlier) return earlier;
      charges.push({
        reference: input.reference,
        amount: input.amount,
        currency: input.currency,
        idempotencyKey: input.idempotencyKey,
      });
      // Saved methods are `tpm_<last 4 of the method>`: tpm_visa, tpm_ined (declined), ...
      const saved = Object.entries(OUTCOMES).find(([m]) => `tpm_${m.slice(-4)}` === input.paymentMethodId);
      const outcome = scripted.shift() ?? saved?.[1] ?? "decline";
      const ok = outcome === "succeed" || outcome === "authenticate";
      const intentId = `tpi_${ok ? "ok" : "no"}_${generateRandomString(24)}`;
      const result: PaymentResult = ok
        ? { status: "succeeded", intentId, paymentMethodId: input.paymentMethodId }
        : outcome === "insufficient"
          ? {
              status: "failed",
              intentId,
              reason: "Your card has insufficient funds",
              declineCode: "insufficient_funds",
            }
          : { status: "failed", intentId, reason: "Your card was declined", declineCode: "generic_decline" };
      answered.set(input.idempotencyKey, result);
      return result;
    },
    clientConfig: () => ({ processor: "test" }),
    async ensureCustomer({ existingId }) {
      return existingId ?? `tcus_${generateRandomString(24)}`;
    },
    async confirm(input): Promise<PaymentResult> {
      const outcome = OUTCOMES[normalise(input.paymentMethod)];
      const prefix = input.mode === "setup" ? "tseti" : "tpi";
      const tag = !outcome || outcome === "decline" || outcome === "insufficient" ? "no" : "ok";
      const asked = outcome === "authenticate" && input.mode === "payment" ? "3ds" : tag;
      const intentId = `${prefix}_${asked}_${generateRandomString(24)}`;
      if (!outcome) {
        return {
          status: "failed",
          intentId,
          reason: "No such payment method",
          declineCode: "invalid_payment_method",
        };
      }
      if (outcome === "decline") {
        return {
          status: "failed",
          intentId,
          reason: "Your card was declined",
          declineCode: "generic_decline",
        };
      }
      if (outcome === "insufficient") {
        return {
          status: "failed",
          intentId,
          reason: "Your card has insufficient funds",
          declineCode: "insufficient_funds",
        };
      }
      if (outcome === "authenticate" && input.mode === "payment") {
        return {
          status: "requires_action",
          intentId,
          clientSecret: `${intentId}_secret_${generateRandomString(16)}`,
        };
      }
      return {
        status: "succeeded",
        intentId,
        paymentMethodId: `tpm_${normalise(input.paymentMethod).slice(-4)}`,
      };
    },
    async cancelIntent() {},
    async paymentStatus({ intentId }): Promise<PaymentStatus> {
      const tag = /^(?:tpi|tseti)_(ok|3ds|no)_/.exec(intentId ?? "")?.[1];
      if (!intentId || !tag) return { status: "not_found" };
      if (tag === "ok") return { status: "succeeded", intentId };
      if (tag === "3ds") return { status: "requires_action", intentId };
      return { status: "failed", intentId, reason: "Your card was declined", terminal: false };
    },
    async refund(input): Promise<RefundResult> {
      const status = options.refundOutcome?.(input) ?? "succeeded";
      const id = `tre_${generateRandomString(24)}`;
      return {
        id,
        amount: input.amount,
        status,
        ...(status === "failed" ? { failureReason: "The refund was declined" } : {}),
      };
    },
    async refundEvent(refundId, status) {
      return signedRequest({
        id: `tevt_${generateRandomString(24)}`,
        type: "refund.updated",
        refundId,
        refundStatus: status,
      });
    },
    async authenticate(intentId, approved, checkoutId) {
      return signedRequest({
        id: `tevt_${generateRandomString(24)}`,
        type: approved ? "payment.succeeded" : "payment.failed",
        intentId,
        checkoutId,
        ...(approved ? {} : { reason: "Authentication failed" }),
      });
    },
    async parseWebhook(request) {
      const payload = await request.text();
      const signature = request.headers.get("x-test-processor-signature") ?? "";
      if (!constantTimeEqual(signature, hmac(secret, payload)))
        throw new Error("Invalid test processor signature");
      const event = JSON.parse(payload) as Omit<ProcessorEvent, "payload">;
      return { ...event, payload };
    },
  };
}
