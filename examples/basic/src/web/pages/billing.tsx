import { useState } from "react";
import { API_REQUEST_EVENT } from "../../usage-event";
import { authClient } from "../auth-client";
import { messageOf } from "../errors";
import { Link, usePageTitle } from "../router";
import { type SubscriptionRow, SubscriptionsTable } from "../subscriptions-table";
import { ActionButton, Badge, Card, Empty, ErrorNote, Loading } from "../ui";
import { type DemoConfig, demoGet, itemsOf, useLoad } from "../use-load";

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
    itemsOf<SubscriptionRow>(await authClient.customer.subscriptions.list({ query: { limit: 20 } })),
  );
  const grants = useLoad(async () =>
    itemsOf<Grant>(await authClient.customer.benefits.list({ query: { limit: 50 } })),
  );

  const meters = useLoad(
    async () =>
      storeId
        ? itemsOf<MeterBalance>(
            await authClient.usage.meters.list({ query: { organizationId: storeId, limit: 20 } }),
          )
        : { data: [], error: null },
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
          <SubscriptionsTable rows={subscriptions.data ?? []} testId="subscriptions" />
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
                <span>{m.meter?.name ?? "Meter"}</span>{" "}
                <span>
                  <strong>{m.consumedUnits}</strong> this period
                  {m.creditedUnits > 0 && <span className="muted"> ({m.creditedUnits} credited)</span>}
                </span>
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
