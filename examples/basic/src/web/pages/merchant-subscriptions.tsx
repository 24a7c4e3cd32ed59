import { authClient } from "../auth-client";
import { Badge, Card, Empty, ErrorNote, Loading, money, when } from "../ui";
import { useLoad } from "../use-load";

interface Subscription {
  id: string;
  status: string;
  amount: number;
  currency: string;
  recurringInterval: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  customer: { email: string } | null;
  product: { name: string } | null;
}

/** The store's subscriptions (merchant API), with when each renews or ends. */
export function MerchantSubscriptions({ storeId }: { storeId: string }) {
  const subscriptions = useLoad(async () => {
    const result = await authClient.billing.subscriptions.list({
      query: { organizationId: storeId, limit: 50 },
    });
    return result.error
      ? result
      : { data: (result.data as unknown as { items: Subscription[] }).items, error: null };
  }, storeId);
  return (
    <Card title="Subscriptions" description="Recurring plans of the store's customers.">
      {subscriptions.loading ? (
        <Loading what="subscriptions" />
      ) : subscriptions.error ? (
        <ErrorNote error={subscriptions.error} />
      ) : subscriptions.data?.length === 0 ? (
        <Empty>No subscriptions yet.</Empty>
      ) : (
        <table data-testid="merchant-subscriptions">
          <thead>
            <tr>
              <th scope="col">Customer</th>
              <th scope="col">Plan</th>
              <th scope="col">Status</th>
              <th scope="col">Renews or ends</th>
              <th scope="col" className="num">
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {subscriptions.data?.map((s) => (
              <tr key={s.id}>
                <td>{s.customer?.email}</td>
                <td>{s.product?.name}</td>
                <td>
                  <Badge tone={s.cancelAtPeriodEnd ? "warn" : s.status === "active" ? "good" : "neutral"}>
                    {s.cancelAtPeriodEnd ? "ends at period end" : s.status}
                  </Badge>
                </td>
                <td>{when(s.currentPeriodEnd)}</td>
                <td className="num">
                  {money(s.amount, s.currency)} / {s.recurringInterval}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
