import { authClient } from "../auth-client";
import { ActionButton, Badge, Card, Loaded, when } from "../ui";
import { itemsOf, useLoad } from "../use-load";

interface Delivery {
  id: string;
  succeeded: boolean;
  httpCode: number | null;
  createdAt: string | Date;
  webhookEvent: { id: string; type: string } | null;
}

/** Deliveries to the store's endpoint (the demo's own receiver); any event can be sent again. */
export function MerchantWebhooks({ storeId }: { storeId: string }) {
  const deliveries = useLoad(
    async () =>
      itemsOf<Delivery>(
        await authClient.billing.webhooks.deliveries.list({
          query: { organizationId: storeId, limit: 50 },
        }),
      ),
    storeId,
  );
  return (
    <Card
      title="Webhook deliveries"
      description="Events sent to the store's endpoint (the demo's own receiver), newest first."
      actions={
        <button type="button" className="secondary" onClick={() => void deliveries.reload()}>
          Refresh
        </button>
      }
    >
      <Loaded
        state={deliveries}
        what="deliveries"
        empty="No deliveries yet. Events are sent every few seconds."
      >
        {(rows) => (
          <table data-testid="deliveries">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Sent</th>
                <th scope="col">Answer</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => (
                <tr key={d.id}>
                  <td>
                    <code>{d.webhookEvent?.type ?? "event"}</code>
                  </td>
                  <td>{when(d.createdAt)}</td>
                  <td>
                    {d.succeeded ? (
                      <Badge tone="good">{d.httpCode ?? "OK"}</Badge>
                    ) : (
                      <Badge tone="bad">{d.httpCode ?? "failed"}</Badge>
                    )}
                  </td>
                  <td>
                    {d.webhookEvent && (
                      <ActionButton
                        label={`Redeliver ${d.webhookEvent.type} sent ${when(d.createdAt)}`}
                        action={() =>
                          authClient.billing.webhooks.events.redeliver({
                            organizationId: storeId,
                            id: (d.webhookEvent as { id: string }).id,
                          })
                        }
                        onDone={() => void deliveries.reload()}
                      >
                        Redeliver
                      </ActionButton>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
    </Card>
  );
}
