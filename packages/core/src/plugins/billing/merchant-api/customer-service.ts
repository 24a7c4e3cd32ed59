import type { DBAdapter } from "../../../plugin";
import type { BillingContext } from "../context";
import { customerRepository } from "../customers/repository";
import { serializeCustomer } from "../customers/serialize";
import type { CustomerService } from "../customers/service";
import { customerState } from "../customers/state";
import { BILLING_ERRORS } from "../errors";
import { merchantOf, parseInput, type Scoped } from "../input";
import type { MerchantService } from "../merchants/service";
import { paginated } from "../pagination";
import {
  type CustomerCreateInput,
  type CustomerListInput,
  type CustomerUpdateInput,
  customerCreateInput,
  customerIdInput,
  customerListInput,
  customerUpdateInput,
} from "./customer-schemas";

/**
 * The merchant side of customers (`auth.billing.merchantCustomers`): list, get, create, update,
 * soft delete and customer state, on top of the customer service (which emits
 * `customer.created/updated/deleted` and `customer.state_changed` in the same transaction).
 */
export function createMerchantCustomerService(
  ctx: BillingContext,
  merchants: MerchantService,
  customers: CustomerService,
) {
  const db = ctx.app.adapter;

  /** One live customer per email, and one customer (even deleted) per external id. */
  async function assertFree(
    tx: DBAdapter,
    merchantId: string,
    email?: string,
    externalId?: string | null,
    self?: string,
  ) {
    if (email) {
      const holder = await customers.byEmail(tx, merchantId, email);
      if (holder && holder.id !== self)
        throw BILLING_ERRORS.A_CUSTOMER_WITH_THIS_EMAIL_ADDRESS_ALREADY_EXISTS();
    }
    if (externalId) {
      const holder = await customerRepository(tx).findAnyByExternalId(merchantId, externalId);
      if (holder && holder.id !== self)
        throw BILLING_ERRORS.A_CUSTOMER_WITH_THIS_EXTERNAL_ID_ALREADY_EXISTS();
    }
  }

  async function create(input: CustomerCreateInput) {
    const data = parseInput(customerCreateInput, input);
    const merchant = await merchantOf(merchants, data);
    return ctx.write(async (tx, emit) => {
      await assertFree(tx, merchant.id, data.email, data.externalId);
      const { organizationId: _, ...fields } = data;
      return serializeCustomer(await customers.create(tx, emit, merchant, fields));
    });
  }

  async function update(input: CustomerUpdateInput) {
    const data = parseInput(customerUpdateInput, input);
    const merchant = await merchantOf(merchants, data);
    return ctx.write(async (tx, emit) => {
      const current = await customers.byIdOrThrow(tx, merchant.id, data.id);
      await assertFree(tx, merchant.id, data.email, null, current.id);
      const { organizationId: _, id: __, ...fields } = data;
      return serializeCustomer(await customers.update(tx, emit, current, fields));
    });
  }

  async function remove(input: { id: string } & Scoped) {
    const data = parseInput(customerIdInput, input);
    const merchant = await merchantOf(merchants, data);
    return ctx.write(async (tx, emit) => {
      const current = await customers.byIdOrThrow(tx, merchant.id, data.id);
      await customers.remove(tx, emit, current);
      return { success: true };
    });
  }

  async function find(input: { id: string } & Scoped) {
    const data = parseInput(customerIdInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    return customers.byIdOrThrow(db, merchant.id, data.id);
  }

  const get = async (input: { id: string } & Scoped) => serializeCustomer(await find(input));

  /** Customer state of any customer of the merchant (active subscriptions, benefits, meters). */
  const state = async (input: { id: string } & Scoped) => customerState(db, await find(input));

  /** Newest first; filters `externalId` and `query` (email or name contains, any case). */
  async function list(input: CustomerListInput = {}) {
    const data = parseInput(customerListInput, input, "query");
    const merchant = await merchantOf(merchants, data);
    const { rows, total, page, limit } = await customerRepository(db).page(merchant.id, data, data);
    return paginated(rows.map(serializeCustomer), total, page, limit);
  }

  return { create, update, delete: remove, get, state, list };
}

export type MerchantCustomerService = ReturnType<typeof createMerchantCustomerService>;
