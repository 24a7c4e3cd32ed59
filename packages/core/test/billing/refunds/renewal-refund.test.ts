import { describe, expect, it } from "vitest";
import { testProcessor } from "../../../src/plugins/billing";
import type { RefundInput } from "../../../src/plugins/billing/processors/processor";
import type { OrderRow } from "../../../src/plugins/billing/rows";
import { refundShop } from "./setup";

const DAY = 86_400_000;

describe("refunds of orders paid off-session", () => {
  it("a renewal order is refunded from the intent of the charge that paid it, not the checkout's", async () => {
    let offset = 0;
    const asked: RefundInput[] = [];
    const app = await refundShop({
      now: () => new Date(Date.now() + offset),
      processor: testProcessor({
        refundOutcome: (input) => {
          asked.push(input);
          return "succeeded";
        },
      }),
    });
    const first = await app.paidOrder(1500, true);
    expect(first.subscriptionId).toBeTruthy();
    offset += 32 * DAY;
    await app.billing.runDue();
    const [renewal] = await app.db.findMany<OrderRow>({
      model: "billingOrder",
      where: [
        { field: "subscriptionId", value: first.subscriptionId as string },
        { field: "billingReason", value: "subscription_cycle" },
      ],
    });
    expect(renewal).toMatchObject({ status: "paid", totalAmount: 1500, checkoutId: null });
    expect(renewal!.paymentIntentId).toBeTruthy();

    const res = await app.refund({ orderId: renewal!.id, amount: 500 });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ status: "succeeded", amount: 500, orderId: renewal!.id });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.intentId).toBe(renewal!.paymentIntentId);
    expect(await app.order(renewal!.id)).toMatchObject({ status: "partially_refunded", refundedAmount: 500 });
    // The first order (bought through the checkout) still refunds from the checkout's payment.
    await app.refund({ orderId: first.id, amount: 1500 });
    expect(asked[1]!.intentId).not.toBe(renewal!.paymentIntentId);
    expect(await app.order(first.id)).toMatchObject({ status: "refunded" });
  });
});
