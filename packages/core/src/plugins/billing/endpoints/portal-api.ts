import { z } from "zod";
import type { AppContext } from "../../../context/app-context";
import { defineEndpoint, type RouteDef } from "../../../router/endpoint";
import { createPortalActions, type PortalActions } from "../portal/actions";
import type { PortalAccess } from "../portal/service";
import { billingRoutes as routes } from "../routes";
import { billingOf } from "../services";

const anyBody = z.record(z.string(), z.unknown());

/** The actions and the access of the path's portal token (404 unknown, 401 expired). */
export async function portalAccess(app: AppContext, token: string | undefined) {
  const billing = billingOf(app);
  const access = await billing.portal.authenticate(token ?? "");
  return { access, actions: createPortalActions(billing) };
}

type Run = (
  actions: PortalActions,
  access: PortalAccess,
  input: unknown,
  params: Record<string, string>,
) => unknown;

/** A portal JSON read: the token in the path authenticates; cookies play no part. */
export const read = <const R extends RouteDef>(route: R, run: Run) =>
  defineEndpoint(route, {
    query: anyBody.optional(),
    noStore: true,
    async handler({ app, params, query }) {
      const { access, actions } = await portalAccess(app, params.token);
      return run(actions, access, query ?? {}, params);
    },
  });

/** A portal JSON write (POST, JSON body validated by the action). */
export const write = <const R extends RouteDef>(route: R, run: Run) =>
  defineEndpoint(route, {
    body: anyBody,
    noStore: true,
    async handler({ app, params, body }) {
      const { access, actions } = await portalAccess(app, params.token);
      return run(actions, access, body, params);
    },
  });

/** GET .../api/overview: customer, merchant, return URL, expiry, whether plan changes are allowed. */
export const portalOverview = read(routes.portalOverview, (a, access) => a.overview(access));
/** GET .../api/orders?page&limit */
export const portalOrders = read(routes.portalOrders, (a, access, q) => a.orders(access, q));
/** GET .../api/orders/{orderId}/invoice: the invoice data of one of the customer's orders. */
export const portalInvoice = read(routes.portalInvoice, (a, access, _q, p) =>
  a.invoice(access, p.orderId ?? ""),
);
/** GET .../api/subscriptions: the customer's subscriptions and the plans they may change to. */
export const portalSubscriptions = read(routes.portalSubscriptions, (a, access) => a.subscriptions(access));
/** POST .../api/subscriptions/cancel {subscriptionId, cancellationReason?, cancellationComment?} */
export const portalCancelSubscription = write(routes.portalCancelSubscription, (a, access, b) =>
  a.cancel(access, b),
);
/** POST .../api/subscriptions/uncancel {subscriptionId} */
export const portalUncancelSubscription = write(routes.portalUncancelSubscription, (a, access, b) =>
  a.uncancel(access, b),
);
/** POST .../api/subscriptions/preview-change {subscriptionId, productId}: amounts, nothing changed. */
export const portalPreviewChange = write(routes.portalPreviewChange, (a, access, b) =>
  a.previewChange(access, b),
);
/** POST .../api/subscriptions/change-plan {subscriptionId, productId} */
export const portalChangePlan = write(routes.portalChangePlan, (a, access, b) => a.changePlan(access, b));
