import type { DBAdapter } from "../../../db/adapter";
import type { Where } from "../../../db/where";
import { listPage, merchantOf, parseInput, type Scoped } from "../catalog/input";
import type { BillingContext } from "../context";
import type { CustomerRow } from "../customers/serialize";
import { serializeCustomer } from "../customers/serialize";
import type { CustomerService } from "../customers/service";
import { customerState } from "../customers/state";
import { paginated } from "../endpoints/schemas";
import { BILLING_ERRORS } from "../errors";
import type { MerchantService } from "../merchants/service";
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
      const holder = await tx.findOne<CustomerRow>({
        model: "billingCustomer",
        where: [
          { field: "merchantId", value: merchantId },
          { field: "externalId", value: externalId },
        ],
      });
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
    const where: Where = [
      { field: "merchantId", value: merchant.id },
      { field: "deletedAt", value: null },
      ...(data.externalId ? [{ field: "externalId", value: data.externalId }] : []),
      ...(data.query
        ? [
            {
              or: [
                { field: "email", operator: "contains" as const, value: data.query },
                { field: "name", operator: "contains" as const, value: data.query },
              ],
            },
          ]
        : []),
    ];
    const { rows, total, page, limit } = await listPage<CustomerRow>(db, "billingCustomer", where, data);
    return paginated(rows.map(serializeCustomer), total, page, limit);
  }

  return { create, update, delete: remove, get, state, list };
}

export type MerchantCustomerService = ReturnType<typeof createMerchantCustomerService>;
