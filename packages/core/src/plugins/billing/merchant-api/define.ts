import type { z } from "zod";
import { defineEndpoint, type RouteDef } from "../../../plugin";
import { merchantForCaller } from "../access";
import { withMerchant } from "../input";
import { type BillingServices, billingOf } from "../services";

interface Scoped {
  organizationId?: string | null | undefined;
}

type Run<S extends z.ZodType<Scoped>, O> = (
  billing: BillingServices,
  input: z.output<S> & { organizationId: string },
) => Promise<O>;

/**
 * A merchant-side write (POST, JSON body): a session with manage rights on the merchant (its
 * organization's owners and admins, or platform admins), or an organization API key granted
 * `billing: ["manage"]` (server-to-server), then the service. The merchant comes from
 * `organizationId` in the body, else the session's active organization.
 */
export function merchantWrite<const R extends RouteDef, S extends z.ZodType<Scoped>, O>(
  route: R,
  body: S,
  run: Run<S, O>,
) {
  return defineEndpoint(route, {
    body,
    auth: "optional",
    principal: true,
    async handler({ app, session, principal, body }) {
      const billing = billingOf(app);
      const input = body as z.output<S>;
      const merchant = await merchantForCaller(
        app,
        billing.merchants,
        { session, principal },
        input.organizationId,
        "manage",
      );
      return run(billing, withMerchant(input, merchant));
    },
  });
}

/** A merchant-side read (GET, query): members of the merchant's organization may read too. */
export function merchantRead<const R extends RouteDef, S extends z.ZodType<Scoped>, O>(
  route: R,
  query: S,
  run: Run<S, O>,
) {
  return defineEndpoint(route, {
    query,
    auth: "optional",
    principal: true,
    async handler({ app, session, principal, query }) {
      const billing = billingOf(app);
      const input = query as z.output<S>;
      const merchant = await merchantForCaller(
        app,
        billing.merchants,
        { session, principal },
        input.organizationId,
        "read",
      );
      return run(billing, withMerchant(input, merchant));
    },
  });
}
