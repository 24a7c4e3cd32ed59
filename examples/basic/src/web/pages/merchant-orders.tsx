import { type FormEvent, useId, useRef, useState } from "react";
import { authClient } from "../auth-client";
import { messageOf } from "../errors";
import { Badge, Card, Loaded, money, when } from "../ui";
import { itemsOf, useLoad } from "../use-load";

export interface Order {
  id: string;
  invoiceNumber: string;
  status: string;
  totalAmount: number;
  /** Before tax; refunds are of this amount (the tax share follows). */
  netAmount: number;
  refundedAmount: number;
  currency: string;
  customer: { email: string } | null;
  product: { name: string } | null;
  createdAt: string;
}
interface Refund {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  reason: string;
  status: string;
  createdAt: string;
}

const REASONS = [
  ["customer_request", "Customer request"],
  ["duplicate", "Duplicate"],
  ["fraudulent", "Fraudulent"],
  ["service_disruption", "Service disruption"],
  ["satisfaction_guarantee", "Satisfaction guarantee"],
  ["other", "Other"],
] as const;

const refundable = (o: Order) =>
  (o.status === "paid" || o.status === "partially_refunded") && o.netAmount > o.refundedAmount;

/** The store's orders (merchant API), each paid one refundable in full or in part. */
export function MerchantOrders({ storeId }: { storeId: string }) {
  const [refunding, setRefunding] = useState<Order | null>(null);
  const orders = useLoad(
    async () =>
      itemsOf<Order>(await authClient.billing.orders.list({ query: { organizationId: storeId, limit: 50 } })),
    storeId,
  );
  const refunds = useLoad(
    async () =>
      itemsOf<Refund>(
        await authClient.billing.refunds.list({ query: { organizationId: storeId, limit: 20 } }),
      ),
    storeId,
  );
  const invoiceOf = new Map(orders.data?.map((o) => [o.id, o.invoiceNumber]));
  return (
    <>
      <Card title="Orders" description="Every order of the store, newest first (GET /billing/orders/list).">
        <Loaded state={orders} what="orders" empty="No orders yet: buy something on the pricing page.">
          {(rows) => (
            <table data-testid="merchant-orders">
              <thead>
                <tr>
                  <th scope="col">Invoice</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Product</th>
                  <th scope="col">Date</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">
                    Total
                  </th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((o) => (
                  <tr key={o.id}>
                    <td>{o.invoiceNumber}</td>
                    <td>{o.customer?.email}</td>
                    <td>{o.product?.name}</td>
                    <td>{when(o.createdAt)}</td>
                    <td>
                      <Badge
                        tone={
                          o.status === "paid" ? "good" : o.status.includes("refunded") ? "warn" : "neutral"
                        }
                      >
                        {o.status.replace("_", " ")}
                      </Badge>
                    </td>
                    <td className="num">{money(o.totalAmount, o.currency)}</td>
                    <td>
                      {refundable(o) && (
                        <button
                          type="button"
                          className="secondary"
                          aria-label={`Refund ${o.invoiceNumber}`}
                          onClick={() => setRefunding(o)}
                        >
                          Refund
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Loaded>
      </Card>
      {refunding && (
        <RefundForm
          order={refunding}
          storeId={storeId}
          onClose={() => setRefunding(null)}
          onDone={() => {
            setRefunding(null);
            void orders.reload();
            void refunds.reload();
          }}
        />
      )}
      <Card title="Refunds" description="Refunds of the store's orders, newest first.">
        <Loaded state={refunds} what="refunds" empty="No refunds.">
          {(rows) => (
            <table data-testid="refunds">
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Date</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id}>
                    <td>{invoiceOf.get(r.orderId) ?? r.orderId}</td>
                    <td>{REASONS.find(([value]) => value === r.reason)?.[1] ?? r.reason}</td>
                    <td>{when(r.createdAt)}</td>
                    <td>
                      <Badge tone={r.status === "succeeded" ? "good" : "neutral"}>{r.status}</Badge>
                    </td>
                    <td className="num">{money(r.amount, r.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Loaded>
      </Card>
    </>
  );
}

/** Amount in the order's currency (a decimal the merchant types, sent in minor units). */
function RefundForm(props: { order: Order; storeId: string; onClose: () => void; onDone: () => void }) {
  const { order } = props;
  const left = order.netAmount - order.refundedAmount;
  const id = useId();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const amount = Math.round(Number(String(data.get("amount")).replace(",", ".")) * 100);
    const fail = (message: string) => {
      setProblem(message);
      requestAnimationFrame(() => alertRef.current?.focus());
    };
    if (!Number.isFinite(amount) || amount <= 0) return fail("Enter an amount greater than zero.");
    if (amount > left) return fail(`At most ${money(left, order.currency)} can be refunded.`);
    setPending(true);
    const { error } = await authClient.billing.refunds.create({
      organizationId: props.storeId,
      orderId: order.id,
      amount,
      reason: String(data.get("reason")) as (typeof REASONS)[number][0],
      revokeBenefits: data.get("revokeBenefits") === "on",
    });
    setPending(false);
    if (error) return fail(messageOf(error));
    props.onDone();
  }

  return (
    <section className="card" aria-labelledby={`${id}-title`} data-testid="refund-form">
      <h2 id={`${id}-title`}>
        Refund {order.invoiceNumber} ({order.customer?.email})
      </h2>
      <form className="form" onSubmit={submit} noValidate>
        {problem && (
          <p className="alert error" role="alert" tabIndex={-1} ref={alertRef}>
            {problem}
          </p>
        )}
        <div className="field">
          <label htmlFor={`${id}-amount`}>Amount ({order.currency.toUpperCase()})</label>
          <input
            id={`${id}-amount`}
            name="amount"
            inputMode="decimal"
            defaultValue={(left / 100).toFixed(2)}
            aria-describedby={`${id}-hint`}
          />
          <p id={`${id}-hint`} className="hint">
            Up to {money(left, order.currency)}.
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason</label>
          <select id={`${id}-reason`} name="reason" defaultValue="customer_request">
            {REASONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <label className="check">
          <input type="checkbox" name="revokeBenefits" /> Revoke the benefits this order granted
        </label>
        <div className="row">
          <button type="submit" className="danger" disabled={pending} aria-busy={pending}>
            {pending ? "Refunding…" : "Refund"}
          </button>
          <button type="button" className="secondary" onClick={props.onClose}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
