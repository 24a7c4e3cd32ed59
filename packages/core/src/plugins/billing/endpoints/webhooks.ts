import { z } from "zod";
import type { SessionWithUser } from "../../../auth/models";
import type { AppContext } from "../../../context/app-context";
import type { Principal } from "../../../context/principal";
import { defineEndpoint } from "../../../router/endpoint";
import { merchantForCaller } from "../access";
import { BILLING_EVENT_TYPES } from "../events";
import { billingRoutes } from "../routes";
import { billingOf } from "../services";
import { paginationQuery } from "./schemas";

/**
 * Merchant-side webhook management: owners and admins of the merchant organization, platform
 * admins, and organization API keys granted `billing: ["manage"]`. `organizationId` (body or query) picks the merchant; default: the active organization,
 * or the single default merchant without the organization plugin.
 */
async function managed(
  app: AppContext,
  caller: { session: SessionWithUser | null; principal: Principal | null },
  organizationId: string | undefined,
) {
  const billing = billingOf(app);
  const merchant = await merchantForCaller(app, billing.merchants, caller, organizationId, "manage");
  return { merchantId: merchant.id, webhooks: billing.webhooks };
}

const url = z.url({ protocol: /^https?$/ });
const events = z.array(z.enum(BILLING_EVENT_TYPES)).max(BILLING_EVENT_TYPES.length);
const scope = { organizationId: z.string().optional() };
const byId = z.object({ id: z.string().min(1), ...scope });

/**
 * POST /billing/webhooks/endpoints/create {url, events?, secret?}: the answer carries the secret,
 * once. A given `secret` must be `whsec_` + base64 of at least 24 bytes; absent, one is generated.
 */
export const createWebhookEndpoint = defineEndpoint(billingRoutes.createWebhookEndpoint, {
  body: z.object({ url, events: events.optional(), secret: z.string().optional(), ...scope }),
  auth: "optional",
  principal: true,
  async handler({ app, session, principal, body }) {
    const { merchantId, webhooks } = await managed(app, { session, principal }, body.organizationId);
    return webhooks.createEndpoint(merchantId, { url: body.url, events: body.events, secret: body.secret });
  },
});

/** GET /billing/webhooks/endpoints/list?page&limit */
export const listWebhookEndpoints = defineEndpoint(billingRoutes.listWebhookEndpoints, {
  query: paginationQuery.optional(),
  auth: "optional",
  principal: true,
  async handler({ app, session, principal, query }) {
    const { merchantId, webhooks } = await managed(app, { session, principal }, query?.organizationId);
    return webhooks.listEndpoints(merchantId, { page: query?.page, limit: query?.limit });
  },
});

/** GET /billing/webhooks/endpoints/get?id */
export const getWebhookEndpoint = defineEndpoint(billingRoutes.getWebhookEndpoint, {
  query: byId,
  auth: "optional",
  principal: true,
  async handler({ app, session, principal, query }) {
    const { merchantId, webhooks } = await managed(app, { session, principal }, query.organizationId);
    return webhooks.getEndpoint(merchantId, query.id);
  },
});

/** POST /billing/webhooks/endpoints/update {id, url?, events?, enabled?} */
export const updateWebhookEndpoint = defineEndpoint(billingRoutes.updateWebhookEndpoint, {
  body: byId.extend({ url: url.optional(), events: events.optional(), enabled: z.boolean().optional() }),
  auth: "optional",
  principal: true,
  async handler({ app, session, principal, body }) {
    const { merchantId, webhooks } = await managed(app, { session, principal }, body.organizationId);
    const { id, url: newUrl, events: newEvents, enabled } = body;
    return webhooks.updateEndpoint(merchantId, id, { url: newUrl, events: newEvents, enabled });
  },
});

/** POST /billing/webhooks/endpoints/delete {id}: with its events and delivery log. */
export const deleteWebhookEndpoint = defineEndpoint(billingRoutes.deleteWebhookEndpoint, {
  body: byId,
  auth: "optional",
  principal: true,
  async handler({ app, session, principal, body }) {
    const { merchantId, webhooks } = await managed(app, { session, principal }, body.organizationId);
    return webhooks.deleteEndpoint(merchantId, body.id);
  },
});

/** POST /billing/webhooks/endpoints/rotate-secret {id}: a new secret, returned once. */
export const rotateWebhookEndpointSecret = defineEndpoint(billingRoutes.rotateWebhookEndpointSecret, {
  body: byId,
  auth: "optional",
  principal: true,
  async handler({ app, session, principal, body }) {
    const { merchantId, webhooks } = await managed(app, { session, principal }, body.organizationId);
    return webhooks.rotateSecret(merchantId, body.id);
  },
});

/** GET /billing/webhooks/deliveries/list?endpointId&eventId&page&limit: the delivery log, newest first. */
export const listWebhookDeliveries = defineEndpoint(billingRoutes.listWebhookDeliveries, {
  query: paginationQuery
    .extend({ endpointId: z.string().optional(), eventId: z.string().optional() })
    .optional(),
  auth: "optional",
  principal: true,
  async handler({ app, session, principal, query }) {
    const { merchantId, webhooks } = await managed(app, { session, principal }, query?.organizationId);
    return webhooks.listDeliveries(merchantId, {
      endpointId: query?.endpointId,
      eventId: query?.eventId,
      page: query?.page,
      limit: query?.limit,
    });
  },
});

/** POST /billing/webhooks/events/redeliver {id}: re-enqueues the event for its endpoint. */
export const redeliverWebhookEvent = defineEndpoint(billingRoutes.redeliverWebhookEvent, {
  body: byId,
  auth: "optional",
  principal: true,
  async handler({ app, session, principal, body }) {
    const { merchantId, webhooks } = await managed(app, { session, principal }, body.organizationId);
    return webhooks.redeliver(merchantId, body.id);
  },
});
