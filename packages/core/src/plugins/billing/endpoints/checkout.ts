import { z } from "zod";
import { defineEndpoint } from "../../../plugin";
import { membershipRoles } from "../access";
import { BILLING_ERRORS } from "../errors";
import { billingRoutes } from "../routes";
import { billingOf } from "../services";
import { trialInputFields } from "../subscriptions/trials";
import { customFieldDataSchema, metadataSchema } from "./schemas";

const body = z.object({
  products: z.union([z.string(), z.array(z.string()).min(1)]).optional(),
  slug: z.string().optional(),
  referenceId: z.string().optional(),
  customFieldData: customFieldDataSchema.optional(),
  metadata: metadataSchema.optional(),
  allowDiscountCodes: z.boolean().optional(),
  discountId: z.string().optional(),
  redirect: z.boolean().optional(),
  embedOrigin: z.string().optional(),
  successUrl: z.string().optional(),
  returnUrl: z.string().optional(),
  /** Trials (BILLING.md 3.7): opt out, or ask for a trial no longer than the product's. */
  allowTrial: z.boolean().optional(),
  ...trialInputFields,
});

/**
 * POST /checkout (path, body and answer of `@polar-sh/better-auth`): creates a checkout for the
 * signed-in user and answers `{ url, redirect }`, url being Gatehouse's own checkout page.
 */
export const checkout = defineEndpoint(billingRoutes.checkout, {
  body,
  auth: "optional",
  async handler({ app, body, session, request }) {
    const billing = billingOf(app);
    const { options } = billing.ctx;
    if (!session && options.authenticatedUsersOnly) throw BILLING_ERRORS.YOU_MUST_BE_LOGGED_IN_TO_CHECKOUT();
    let products = typeof body.products === "string" ? [body.products] : (body.products ?? []);
    if (body.slug) {
      const list =
        typeof options.products === "function" ? await options.products() : (options.products ?? []);
      const match = list.find((p) => p.slug === body.slug);
      if (!match) throw BILLING_ERRORS.PRODUCT_NOT_FOUND.unknownSlug();
      products = [match.productId];
    }
    if (products.length === 0) throw BILLING_ERRORS.PRODUCT_NOT_FOUND.unknownSlug();
    if (body.referenceId) {
      if (!session) throw BILLING_ERRORS.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION();
      const roles = await membershipRoles(app, body.referenceId, session.user.id);
      if (!roles) throw BILLING_ERRORS.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION();
    }
    // URLs are checked by the service: trusted origins only; paths resolve against the base URL.
    // Only the URL is answered: the checkout's full response is not built for it.
    const created = await billing.checkouts.createUrl(
      {
        products,
        discountId: body.discountId,
        allowDiscountCodes: body.allowDiscountCodes ?? true,
        customFieldData: body.customFieldData,
        metadata: { ...(body.referenceId ? { referenceId: body.referenceId } : {}), ...body.metadata },
        successUrl: body.successUrl,
        returnUrl: body.returnUrl,
        embedOrigin: body.embedOrigin,
        referenceId: body.referenceId,
        userId: session?.user.id,
        customerExternalId: session?.user.id,
        customerEmail: session?.user.email,
        customerName: session?.user.name,
        customerIpAddress: undefined,
        allowTrial: body.allowTrial,
        trialInterval: body.trialInterval,
        trialIntervalCount: body.trialIntervalCount,
        limitTrialToProduct: true,
      },
      request,
    );
    return { url: created.url, redirect: body.redirect ?? true };
  },
});
