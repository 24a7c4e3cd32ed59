import { authClient } from "../auth-client";
import { usePageTitle } from "../router";
import { Badge, Card, Empty, ErrorNote, Loading, money, when } from "../ui";
import { type DemoConfig, demoGet, useLoad } from "../use-load";

interface Product {
  id: string;
  name: string;
  isRecurring: boolean;
  isArchived: boolean;
  recurringInterval: string | null;
  prices: { amountType: string; priceAmount?: number; priceCurrency: string }[];
}
interface Order {
  id: string;
  invoiceNumber: string;
  status: string;
  totalAmount: number;
  currency: string;
  customerEmail: string | null;
  productName: string;
  createdAt: string;
}
interface Delivery {
  id: string;
  succeeded: boolean;
  httpCode: number | null;
  createdAt: string | Date;
  webhookEvent?: { type?: string } | null;
  type?: string;
}

type Loaded<T> = Promise<{ data: T; error: null }>;

/** The store's side: its catalog, its orders and the webhook deliveries Gatehouse made for it. */
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
  const orders = useLoad(() => demoGet<Order[]>("/demo/merchant/orders"));
  const deliveries = useLoad(
    async () =>
      storeId
        ? ((await authClient.$fetch("/billing/webhooks/deliveries/list", {
            method: "GET",
            query: { organizationId: storeId, limit: 20 },
          })) as unknown as Awaited<Loaded<{ items: Delivery[] }>>)
        : { data: null as unknown as { items: Delivery[] }, error: null },
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
      <Card title="Orders" description="Every order of the store, newest first.">
        {orders.loading ? (
          <Loading what="orders" />
        ) : orders.error ? (
          <ErrorNote error={orders.error} />
        ) : orders.data?.length === 0 ? (
          <Empty>No orders yet: buy something on the pricing page.</Empty>
        ) : (
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
              </tr>
            </thead>
            <tbody>
              {orders.data?.map((o) => (
                <tr key={o.id}>
                  <td>{o.invoiceNumber}</td>
                  <td>{o.customerEmail}</td>
                  <td>{o.productName}</td>
                  <td>{when(o.createdAt)}</td>
                  <td>
                    <Badge tone={o.status === "paid" ? "good" : "neutral"}>{o.status}</Badge>
                  </td>
                  <td className="num">{money(o.totalAmount, o.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <Card
        title="Webhook deliveries"
        description="Events sent to the store's endpoint (the demo's own receiver), newest first."
        actions={
          <button type="button" className="secondary" onClick={() => void deliveries.reload()}>
            Refresh
          </button>
        }
      >
        {deliveries.loading || !storeId ? (
          <Loading what="deliveries" />
        ) : deliveries.error ? (
          <ErrorNote error={deliveries.error} />
        ) : deliveries.data?.items.length === 0 ? (
          <Empty>No deliveries yet. Events are sent every few seconds.</Empty>
        ) : (
          <table data-testid="deliveries">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Sent</th>
                <th scope="col">Answer</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data?.items.map((d) => (
                <tr key={d.id}>
                  <td>
                    <code>{d.webhookEvent?.type ?? d.type ?? "event"}</code>
                  </td>
                  <td>{when(d.createdAt)}</td>
                  <td>
                    {d.succeeded ? (
                      <Badge tone="good">{d.httpCode ?? "OK"}</Badge>
                    ) : (
                      <Badge tone="bad">{d.httpCode ?? "failed"}</Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </>
  );
}
