import { useState } from "react";
import { API_REQUEST_EVENT } from "../../usage-event";
import { authClient } from "../auth-client";
import { messageOf } from "../errors";
import { Link, usePageTitle } from "../router";
import { ActionButton, Badge, Card, Empty, ErrorNote, Loading, money, when } from "../ui";
import { type DemoConfig, demoGet, useLoad } from "../use-load";

interface Subscription {
  id: string;
  status: string;
  amount: number;
  currency: string;
  recurringInterval: string;
  currentPeriodEnd: string | Date | null;
  cancelAtPeriodEnd: boolean;
  product: { name: string } | null;
}

interface MeterBalance {
  id: string;
  consumedUnits: number;
  creditedUnits: number;
  meter: { name: string } | null;
}

interface Grant {
  id: string;
  isGranted: boolean;
  benefit: { description: string; type: string } | null;
}

const statusTone = (s: Subscription) =>
  s.cancelAtPeriodEnd ? "warn" : s.status === "active" || s.status === "trialing" ? "good" : "neutral";

const items = <T,>(result: { data: unknown; error: unknown }) =>
  result.error
    ? (result as { data: null; error: never })
    : { data: (result.data as { items: T[] }).items, error: null };

/**
 * The buyer's billing: subscriptions and benefits from the customer API, and a button to
 * Gatehouse's hosted customer portal (invoices, cancel, change plan, card, address and tax id).
 */
export function BillingPage() {
  usePageTitle("Billing");
  const [opening, setOpening] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const storeId = useLoad(() => demoGet<DemoConfig>("/demo/config")).data?.storeId;
  const subscriptions = useLoad(async () =>
    items<Subscription>(await authClient.customer.subscriptions.list({ query: { limit: 20 } })),
  );
  const grants = useLoad(async () =>
    items<Grant>(await authClient.customer.benefits.list({ query: { limit: 50 } })),
  );

  const meters = useLoad(
    async () =>
      storeId
        ? items<MeterBalance>(
            await authClient.usage.meters.list({ query: { organizationId: storeId, limit: 20 } }),
          )
        : { data: null, error: null },
    storeId ?? "",
  );

  async function openPortal() {
    setOpening(true);
    setProblem(null);
    // The answer is { url, redirect: true }: the client goes to the portal page by itself.
    // The store is an organization's merchant: the portal opens for the buyer's customer there.
    const { error } = await authClient.customer.portal({ organizationId: storeId });
    if (error) {
      setProblem(messageOf(error));
      setOpening(false);
    }
  }

  return (
    <>
      <div className="page-head">
        <h1 tabIndex={-1}>Billing</h1>
        <button
          type="button"
          className="primary"
          disabled={opening || !storeId}
          aria-busy={opening}
          onClick={openPortal}
        >
          {opening ? "Opening the portal…" : "Manage billing"}
        </button>
      </div>
      <p className="muted">
        “Manage billing” opens the store's customer portal, served by Gatehouse: invoices, cancel or change a
        plan, the card on file, the billing address and tax id.
      </p>
      {problem && <ErrorNote error={problem} />}
      <Card title="Subscriptions">
        {subscriptions.loading ? (
          <Loading what="your subscriptions" />
        ) : subscriptions.error ? (
          <ErrorNote error={subscriptions.error} />
        ) : subscriptions.data?.length === 0 ? (
          <Empty>
            No subscriptions yet. <Link href="/pricing">Subscribe on the pricing page</Link>.
          </Empty>
        ) : (
          <table data-testid="subscriptions">
            <thead>
              <tr>
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
                  <td>{s.product?.name}</td>
                  <td>
                    <Badge tone={statusTone(s)}>
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
      <Card
        title="Usage"
        description="Pro bills $0.01 per API request at the end of each month. Record one to see the meter move."
        actions={
          storeId && (
            <ActionButton
              action={() => authClient.usage.ingest({ event: API_REQUEST_EVENT, organizationId: storeId })}
              onDone={() => void meters.reload()}
            >
              Record an API request
            </ActionButton>
          )
        }
      >
        {meters.loading || !storeId ? (
          <Loading what="your usage" />
        ) : meters.error ? (
          <ErrorNote error={meters.error} />
        ) : meters.data?.length === 0 ? (
          <Empty>No usage this month.</Empty>
        ) : (
          <ul className="list" data-testid="usage">
            {meters.data?.map((m) => (
              <li key={m.id}>
                {m.meter?.name ?? "Meter"} <strong>{m.consumedUnits}</strong> this period
                {m.creditedUnits > 0 && <span className="muted"> ({m.creditedUnits} credited)</span>}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Benefits" description="What your purchases give you, granted in the background.">
        {grants.loading ? (
          <Loading what="your benefits" />
        ) : grants.error ? (
          <ErrorNote error={grants.error} />
        ) : grants.data?.length === 0 ? (
          <Empty>No benefits yet.</Empty>
        ) : (
          <ul className="list" data-testid="benefits">
            {grants.data?.map((g) => (
              <li key={g.id}>
                {g.benefit?.description ?? "Benefit"}{" "}
                <Badge tone={g.isGranted ? "good" : "neutral"}>{g.isGranted ? "granted" : "pending"}</Badge>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
