import { useState } from "react";
import { API_REQUEST_EVENT } from "../../usage-event";
import { authClient } from "../auth-client";
import { messageOf } from "../errors";
import { Link, usePageTitle } from "../router";
import { type SubscriptionRow, SubscriptionsTable } from "../subscriptions-table";
import { ActionButton, Badge, Card, ErrorNote, Loaded } from "../ui";
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
        <Loaded
          state={subscriptions}
          what="your subscriptions"
          empty={
            <>
              No subscriptions yet. <Link href="/pricing">Subscribe on the pricing page</Link>.
            </>
          }
        >
          {(rows) => <SubscriptionsTable rows={rows} testId="subscriptions" />}
        </Loaded>
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
        <Loaded state={meters} what="your usage" ready={Boolean(storeId)} empty="No usage this month.">
          {(rows) => (
            <ul className="list" data-testid="usage">
              {rows.map((m) => (
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
        </Loaded>
      </Card>
      <Card title="Benefits" description="What your purchases give you, granted in the background.">
        <Loaded state={grants} what="your benefits" empty="No benefits yet.">
          {(rows) => (
            <ul className="list" data-testid="benefits">
              {rows.map((g) => (
                <li key={g.id}>
                  {g.benefit?.description ?? "Benefit"}{" "}
                  <Badge tone={g.isGranted ? "good" : "neutral"}>{g.isGranted ? "granted" : "pending"}</Badge>
                </li>
              ))}
            </ul>
          )}
        </Loaded>
      </Card>
    </>
  );
}
