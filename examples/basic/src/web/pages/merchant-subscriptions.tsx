import { authClient } from "../auth-client";
import { type SubscriptionRow, SubscriptionsTable } from "../subscriptions-table";
import { Card, Loaded } from "../ui";
import { itemsOf, useLoad } from "../use-load";

/** The store's subscriptions (merchant API), with when each renews or ends. */
export function MerchantSubscriptions({ storeId }: { storeId: string }) {
  const subscriptions = useLoad(
    async () =>
      itemsOf<SubscriptionRow>(
        await authClient.billing.subscriptions.list({ query: { organizationId: storeId, limit: 50 } }),
      ),
    storeId,
  );
  return (
    <Card title="Subscriptions" description="Recurring plans of the store's customers.">
      <Loaded state={subscriptions} what="subscriptions" empty="No subscriptions yet.">
        {(rows) => <SubscriptionsTable rows={rows} testId="merchant-subscriptions" withCustomer />}
      </Loaded>
    </Card>
  );
}
