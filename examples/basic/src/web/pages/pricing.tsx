import { useState } from "react";
import { authClient } from "../auth-client";
import { messageOf } from "../errors";
import { Link, navigate, usePageTitle } from "../router";
import { Badge, Card, ErrorNote, Loaded, Loading, money, when } from "../ui";
import { demoGet, itemsOf, useLoad } from "../use-load";

interface Product {
  id: string;
  slug: string | null;
  name: string;
  description: string | null;
  isRecurring: boolean;
  recurringInterval: string | null;
  prices: { amountType: string; priceAmount?: number; priceCurrency: string }[];
}

interface Order {
  id: string;
  invoiceNumber: string;
  totalAmount: number;
  currency: string;
  status: string;
  createdAt: string | Date;
  product: { name: string } | null;
}

function priceOf(p: Product) {
  const price = p.prices[0];
  if (!price || price.amountType === "free") return { amount: "Free", per: "" };
  return {
    amount: money(price.priceAmount ?? 0, price.priceCurrency),
    per: p.isRecurring ? `per ${p.recurringInterval}` : "one time",
  };
}

/** The seeded catalog; "Buy" opens Gatehouse's hosted checkout page. */
export function PricingPage() {
  usePageTitle("Pricing");
  const { data: session } = authClient.useSession();
  const catalog = useLoad(() => demoGet<Product[]>("/demo/catalog"));
  const [buying, setBuying] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function buy(slug: string) {
    if (!session) return navigate(`/sign-in?next=${encodeURIComponent("/pricing")}`);
    setBuying(slug);
    // The answer is { url, redirect: true }: the client goes to the checkout page by itself.
    const { error } = await authClient.checkout({ slug });
    if (error) {
      setProblem(messageOf(error));
      setBuying(null);
    }
  }

  return (
    <>
      <div className="page-head">
        <h1 tabIndex={-1}>Pricing</h1>
      </div>
      <p className="muted">
        Payments use the offline test processor: card <code>4242 4242 4242 4242</code> succeeds,{" "}
        <code>4000 0000 0000 0002</code> is declined, <code>4000 0025 0000 3155</code> asks for 3-D Secure.
      </p>
      {problem && <ErrorNote error={problem} />}
      {catalog.loading ? (
        <Loading what="the catalog" />
      ) : catalog.error ? (
        <ErrorNote error={catalog.error} />
      ) : (
        <ul className="plans">
          {catalog.data
            ?.filter((p) => p.slug)
            .map((p) => {
              const price = priceOf(p);
              return (
                <li key={p.id} className="card plan">
                  <h2>{p.name}</h2>
                  <p className="price">
                    <strong>{price.amount}</strong> <span className="muted">{price.per}</span>
                  </p>
                  <p className="muted">{p.description}</p>
                  <button
                    type="button"
                    className="primary wide"
                    disabled={buying !== null}
                    aria-busy={buying === p.slug}
                    onClick={() => void buy(p.slug as string)}
                  >
                    {buying === p.slug
                      ? "Opening checkout…"
                      : p.isRecurring
                        ? `Subscribe to ${p.name}`
                        : `Buy ${p.name}`}
                  </button>
                </li>
              );
            })}
        </ul>
      )}
      {session && <Orders />}
    </>
  );
}

function Orders() {
  const orders = useLoad(async () =>
    itemsOf<Order>(await authClient.customer.orders.list({ query: { limit: 20 } })),
  );
  return (
    <Card title="Your orders">
      <Loaded state={orders} what="your orders" empty="No orders yet.">
        {(rows) => (
          <table data-testid="orders">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Invoice</th>
                <th scope="col">Date</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((o) => (
                <tr key={o.id}>
                  <td>{o.product?.name}</td>
                  <td>{o.invoiceNumber}</td>
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
      </Loaded>
    </Card>
  );
}

/** Where the hosted checkout sends the buyer after paying. */
export function CheckoutSuccessPage() {
  usePageTitle("Thank you");
  return (
    <>
      <section className="card success-card" aria-labelledby="thanks">
        <h1 id="thanks" tabIndex={-1}>
          Thank you! Your purchase is complete.
        </h1>
        <p className="muted">
          A receipt is on its way. The order appears below and in the store's{" "}
          <Link href="/merchant">merchant view</Link>.
        </p>
        <Link href="/pricing" className="button secondary">
          Back to pricing
        </Link>
      </section>
      <Orders />
    </>
  );
}
