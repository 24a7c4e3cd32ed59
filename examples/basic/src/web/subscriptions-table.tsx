import { Badge, money, when } from "./ui";

export interface SubscriptionRow {
  id: string;
  status: string;
  amount: number;
  currency: string;
  recurringInterval: string;
  currentPeriodEnd: string | Date | null;
  cancelAtPeriodEnd: boolean;
  customer?: { email: string } | null;
  product: { name: string } | null;
}

const tone = (s: SubscriptionRow) =>
  s.cancelAtPeriodEnd ? "warn" : s.status === "active" || s.status === "trialing" ? "good" : "neutral";

/** Subscriptions as a table: the buyer's own (billing page) or the store's (with the customer). */
export function SubscriptionsTable(props: {
  rows: SubscriptionRow[];
  testId: string;
  withCustomer?: boolean;
}) {
  return (
    <table data-testid={props.testId}>
      <thead>
        <tr>
          {props.withCustomer && <th scope="col">Customer</th>}
          <th scope="col">Plan</th>
          <th scope="col">Status</th>
          <th scope="col">Renews or ends</th>
          <th scope="col" className="num">
            Price
          </th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((s) => (
          <tr key={s.id}>
            {props.withCustomer && <td>{s.customer?.email}</td>}
            <td>{s.product?.name}</td>
            <td>
              <Badge tone={tone(s)}>{s.cancelAtPeriodEnd ? "ends at period end" : s.status}</Badge>
            </td>
            <td>{when(s.currentPeriodEnd)}</td>
            <td className="num">
              {money(s.amount, s.currency)} / {s.recurringInterval}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
