import { authClient } from "../auth-client";
import { usePageTitle } from "../router";
import { Badge, Card, ErrorNote, Loading, money } from "../ui";
import { type DemoConfig, demoGet, useLoad } from "../use-load";
import { MerchantOrders } from "./merchant-orders";
import { MerchantSubscriptions } from "./merchant-subscriptions";
import { MerchantWebhooks } from "./merchant-webhooks";

interface Product {
  id: string;
  name: string;
  isRecurring: boolean;
  isArchived: boolean;
  recurringInterval: string | null;
  prices: { amountType: string; priceAmount?: number; priceCurrency: string }[];
}
type Loaded<T> = Promise<{ data: T; error: null }>;

/** The store's side: catalog, subscriptions, orders with refunds, and webhook deliveries. */
export function MerchantPage() {
  usePageTitle("Merchant");
  const config = useLoad(() => demoGet<DemoConfig>("/demo/config")).data;
  const storeId = config?.storeId;
  const products = useLoad(
    async () =>
      storeId
        ? ((await authClient.$fetch("/billing/products/list", {
            method: "GET",
            query: { organizationId: storeId, limit: 50 },
          })) as unknown as Awaited<Loaded<{ items: Product[] }>>)
        : { data: null as unknown as { items: Product[] }, error: null },
    storeId ?? "",
  );
  return (
    <>
      <div className="page-head">
        <h1 tabIndex={-1}>Gatehouse Store · merchant</h1>
      </div>
      <p className="muted">
        The store is an organization; its owners and admins (and platform admins) manage its billing. Sign in
        as <code>admin@example.com</code> to see everything.
      </p>
      <Card title="Products" description="The catalog, from the merchant API (GET /billing/products/list).">
        {products.loading || !storeId ? (
          <Loading what="products" />
        ) : products.error ? (
          <ErrorNote error={products.error} />
        ) : (
          <table data-testid="products">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              {products.data?.items.map((p) => (
                <tr key={p.id}>
                  <td>{p.name}</td>
                  <td>{p.isRecurring ? `Subscription (${p.recurringInterval})` : "One-time"}</td>
                  <td>{p.isArchived ? <Badge>Archived</Badge> : <Badge tone="good">On sale</Badge>}</td>
                  <td className="num">
                    {p.prices[0]?.amountType === "fixed"
                      ? money(p.prices[0].priceAmount ?? 0, p.prices[0].priceCurrency)
                      : "Free"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      {storeId && (
        <>
          <MerchantSubscriptions storeId={storeId} />
          <MerchantOrders storeId={storeId} />
          <MerchantWebhooks storeId={storeId} />
        </>
      )}
    </>
  );
}
