import { adminShop, ok } from "../catalog/helpers";

export type Ingested = { inserted: number; duplicates: number };
export type EventOut = {
  id: string;
  name: string;
  timestamp: string;
  customerId: string;
  externalCustomerId: string | null;
  externalId: string | null;
  source: string;
  metadata: Record<string, unknown>;
};
export type Page<T> = { items: T[]; pagination: { totalCount: number; maxPage: number } };

/**
 * A platform-admin shop (clock at 2026-01-15T12:00Z), a buyer with a customer (externalId = the
 * buyer's user id) and a second customer "ext_other".
 */
export async function usageShop() {
  const app = await adminShop();
  const me = await ok<{ user: { id: string; email: string } }>(app.buyer.get("/get-session"));
  const customer = await ok<{ id: string }>(
    app.shop.post("/billing/customers/create", { email: me.user.email, externalId: me.user.id }),
  );
  const other = await ok<{ id: string }>(
    app.shop.post("/billing/customers/create", { email: "other@example.com", externalId: "ext_other" }),
  );
  const ingest = (events: unknown[]) => app.shop.post<Ingested>("/billing/events/ingest", { events });
  const listEvents = (query: Record<string, string> = {}) =>
    ok<Page<EventOut>>(app.shop.get("/billing/events/list", { query: { limit: "100", ...query } }));
  const meter = (name: string, filter: unknown, aggregation: unknown) =>
    ok<{ id: string }>(app.shop.post("/billing/meters/create", { name, filter, aggregation }));
  return { ...app, me, customer, other, ingest, listEvents, meter };
}

export type UsageShop = Awaited<ReturnType<typeof usageShop>>;
