import { defineEndpoint } from "../../../plugin";
import { billingRoutes } from "../routes";
import { billingOf } from "../services";
import { buyerIngestInput } from "../usage/schemas";
import { paginationQuery } from "./schemas";

/**
 * The buyer's usage routes of `@polar-sh/better-auth` (BILLING.md 10.3), for the signed-in user's
 * customer (customer.externalId = user.id): `authClient.usage.ingest` and `authClient.usage.meters.list`.
 */

/** POST /usage/ingest {event, metadata} -> {inserted, duplicates} */
export const usageIngest = defineEndpoint(billingRoutes.usageIngest, {
  body: buyerIngestInput,
  auth: "session",
  handler: ({ app, session, body }) => billingOf(app).usage.ingestForUser(session.user.id, body),
});

/** GET /usage/meters/list?page&limit: per meter consumedUnits, creditedUnits, balance. */
export const usageMeters = defineEndpoint(billingRoutes.usageMeters, {
  query: paginationQuery.optional(),
  auth: "session",
  handler: ({ app, session, query }) => billingOf(app).usage.metersForUser(session.user.id, query ?? {}),
});
