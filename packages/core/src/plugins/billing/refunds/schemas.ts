import { z } from "zod";
import { metadataInput, pageQuery, scoped } from "../input";

/** Refund reasons (spec section 9). */
export const REFUND_REASONS = [
  "duplicate",
  "fraudulent",
  "customer_request",
  "service_disruption",
  "satisfaction_guarantee",
  "other",
] as const;

/** `amount` excludes tax (minor units); the tax share is computed (BILLING.md 5). */
export const refundCreateInput = z.object({
  ...scoped,
  orderId: z.string().min(1),
  amount: z.number().int(),
  reason: z.enum(REFUND_REASONS),
  comment: z.string().trim().max(1000).nullish(),
  revokeBenefits: z.boolean().optional(),
  metadata: metadataInput.optional(),
});

export const refundIdInput = z.object({ ...scoped, id: z.string().min(1) });

export const refundListInput = z.object({
  ...pageQuery,
  orderId: z.string().min(1).optional(),
  customerId: z.string().min(1).optional(),
  subscriptionId: z.string().min(1).optional(),
});

export type RefundCreateInput = z.input<typeof refundCreateInput>;
export type RefundListInput = z.input<typeof refundListInput>;
