import { useEffect, useState } from "react";
import { authClient } from "./auth-client";

interface Order {
  id: string;
  invoiceNumber: string;
  totalAmount: number;
  currency: string;
  status: string;
  product: { name: string } | null;
}

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(
    amount / 100,
  );

/** Buying through Gatehouse's hosted checkout page, and the signed-in user's orders. */
export function Store() {
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    void authClient.customer.orders.list({ query: { limit: 20 } }).then(({ data }) => {
      setOrders((data as { items: Order[] } | null)?.items ?? []);
    });
  }, []);

  async function buy(slug: string) {
    // The answer is { url, redirect: true }: the client navigates to the checkout page.
    const { error } = await authClient.checkout({ slug });
    if (error) setProblem(error.message ?? error.statusText);
  }

  const paid = new URLSearchParams(window.location.search).get("checkout");
  return (
    <section aria-labelledby="store-title">
      <h2 id="store-title">Store</h2>
      {paid && <p role="status">Thank you! Your purchase is complete.</p>}
      {problem && <p role="alert">{problem}</p>}
      <button type="button" onClick={() => void buy("ebook")}>
        Buy the e-book ($25)
      </button>{" "}
      <button type="button" onClick={() => void buy("pro")}>
        Subscribe to Pro ($19/month)
      </button>
      <h3>Your orders</h3>
      {orders === null ? (
        <p>Loading orders…</p>
      ) : orders.length === 0 ? (
        <p>No orders yet.</p>
      ) : (
        <ul data-testid="orders">
          {orders.map((o) => (
            <li key={o.id}>
              {o.product?.name} — {money(o.totalAmount, o.currency)} ({o.status}, {o.invoiceNumber})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
