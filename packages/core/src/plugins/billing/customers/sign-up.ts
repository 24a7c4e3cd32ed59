import { catalogRepository } from "../catalog/repository";
import type { BillingOptions } from "../options";
import type { BillingServices } from "../services";

interface SignedUpUser {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly emailVerified?: boolean;
}

/**
 * The merchants a new user becomes a customer of. Without the organization plugin: the default
 * merchant. With it (every organization is a merchant): the merchants selling the products
 * configured in `products` (the app's own plans, bought with or without a `referenceId`), so the
 * customer created at sign-up is the one a later purchase finds; the default merchant when no
 * product is configured.
 */
async function signUpMerchants(services: BillingServices, options: BillingOptions) {
  const { merchants } = services;
  if (!merchants.organizationBacked) return [await merchants.defaultMerchant()];
  const configured =
    typeof options.products === "function" ? await options.products() : (options.products ?? []);
  const ids = [...new Set(configured.map((p) => p.productId))];
  const merchantIds = await catalogRepository(services.ctx.app.adapter).merchantIdsOfProducts(ids);
  if (merchantIds.length === 0) return [await merchants.defaultMerchant()];
  return Promise.all(merchantIds.map((id) => merchants.byId(id)));
}

/**
 * `createCustomerOnSignUp`: the new user's customer (externalId = user id, email, name), created
 * with `customer.created` in the same transaction, in every configuration.
 */
export async function createSignUpCustomers(
  services: BillingServices,
  options: BillingOptions,
  user: SignedUpUser,
): Promise<void> {
  const params = (await options.getCustomerCreateParams?.({ user })) ?? {};
  for (const merchant of await signUpMerchants(services, options)) {
    await services.ctx.write((tx, emit) =>
      services.customers.forUser(tx, emit, merchant, user, { metadata: params.metadata }),
    );
  }
}
