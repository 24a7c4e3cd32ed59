import type { DBAdapter, Row } from "../../../plugin";
import { grantsOnCustomerDeleted } from "../benefit-grants/enqueue";
import type { BillingContext, Emit } from "../context";
import { BILLING_ERRORS } from "../errors";
import type { MerchantRow } from "../merchants/service";
import { customerRepository } from "./repository";
import { type BillingAddress, type CustomerRow, serializeCustomer, type TaxId } from "./serialize";
import { customerState } from "./state";
import { validateTaxId } from "./validate";

export interface CustomerInput {
  email: string;
  name?: string | null;
  externalId?: string | null;
  billingAddress?: BillingAddress | null;
  taxId?: TaxId | null;
  metadata?: Record<string, string | number | boolean>;
  referenceId?: string | null;
  emailVerified?: boolean;
}

/** Customers of a merchant: linked to auth users by `externalId` (the user id), soft-deleted. */
export function createCustomerService(ctx: BillingContext) {
  const byExternalId = (db: DBAdapter, merchantId: string, externalId: string) =>
    customerRepository(db).findByExternalId(merchantId, externalId);

  const byEmail = (db: DBAdapter, merchantId: string, email: string) =>
    customerRepository(db).findByEmail(merchantId, email);

  async function emitChanged(
    db: DBAdapter,
    emit: Emit,
    customer: CustomerRow,
    type: "customer.created" | "customer.updated" | "customer.deleted",
  ) {
    await emit(customer.merchantId, type, serializeCustomer(customer));
    await emit(customer.merchantId, "customer.state_changed", await customerState(db, customer));
  }

  async function create(
    db: DBAdapter,
    emit: Emit,
    merchant: MerchantRow,
    input: CustomerInput,
  ): Promise<CustomerRow> {
    const taxId = validateTaxId(input.taxId, input.billingAddress);
    // A unique violation (same external id created concurrently) propagates: inside a transaction
    // nothing more can be read on PostgreSQL, so callers retry in a fresh transaction.
    const customer = await customerRepository(db).insert({
      merchantId: merchant.id,
      email: input.email.trim().toLowerCase(),
      emailVerified: input.emailVerified ?? false,
      name: input.name ?? null,
      externalId: input.externalId ?? null,
      billingAddress: input.billingAddress ?? null,
      taxId,
      metadata: input.metadata ?? {},
      referenceId: input.referenceId ?? null,
      createdAt: ctx.now(),
      modifiedAt: ctx.now(),
    });
    await emitChanged(db, emit, customer, "customer.created");
    return customer;
  }

  /**
   * The customer of an auth user: by external id, else by email (then linked), else created.
   * An external id already used with another email is a conflict (422).
   */
  async function forUser(
    db: DBAdapter,
    emit: Emit,
    merchant: MerchantRow,
    user: { id: string; email: string; name?: string | null; emailVerified?: boolean },
    extra: Partial<CustomerInput> = {},
  ): Promise<CustomerRow> {
    const linked = await byExternalId(db, merchant.id, user.id);
    if (linked) return linked;
    const sameEmail = await byEmail(db, merchant.id, user.email);
    if (sameEmail) {
      if (sameEmail.externalId && sameEmail.externalId !== user.id)
        throw BILLING_ERRORS.A_CUSTOMER_WITH_THIS_EXTERNAL_ID_ALREADY_EXISTS_BUT_WITH_A_DIFFERENT_EMAIL_ADDRESS();
      const updated = await customerRepository(db).update(sameEmail.id, {
        externalId: user.id,
        modifiedAt: ctx.now(),
      });
      if (updated) await emitChanged(db, emit, updated, "customer.updated");
      return updated ?? sameEmail;
    }
    return create(db, emit, merchant, {
      email: user.email,
      name: user.name ?? null,
      externalId: user.id,
      emailVerified: user.emailVerified ?? false,
      ...extra,
    });
  }

  async function update(db: DBAdapter, emit: Emit, customer: CustomerRow, data: Partial<CustomerInput>) {
    const address = data.billingAddress !== undefined ? data.billingAddress : customer.billingAddress;
    const changes: Row = { modifiedAt: ctx.now() };
    if (data.email !== undefined) changes.email = data.email.trim().toLowerCase();
    if (data.name !== undefined) changes.name = data.name;
    if (data.billingAddress !== undefined) changes.billingAddress = data.billingAddress;
    if (data.taxId !== undefined) changes.taxId = validateTaxId(data.taxId, address);
    if (data.metadata !== undefined) changes.metadata = { ...customer.metadata, ...data.metadata };
    if (data.externalId !== undefined) changes.externalId = data.externalId;
    const updated = await customerRepository(db).update(customer.id, changes);
    if (!updated) throw BILLING_ERRORS.CUSTOMER_NOT_FOUND();
    await emitChanged(db, emit, updated, "customer.updated");
    return updated;
  }

  /** Soft delete: the row stays for orders and history. */
  async function remove(db: DBAdapter, emit: Emit, customer: CustomerRow) {
    const deleted = await customerRepository(db).update(customer.id, {
      deletedAt: ctx.now(),
      modifiedAt: ctx.now(),
    });
    if (!deleted) return deleted;
    // Its benefits are revoked by the next runDue(); the state below already leaves them out.
    await grantsOnCustomerDeleted(db, customer.id, ctx.now());
    await emitChanged(db, emit, deleted, "customer.deleted");
    return deleted;
  }

  async function byIdOrThrow(db: DBAdapter, merchantId: string, id: string) {
    const row = await customerRepository(db).findById(merchantId, id);
    if (!row) throw BILLING_ERRORS.CUSTOMER_NOT_FOUND();
    return row;
  }

  /** The live customers of an auth user (one per merchant they bought from), oldest first. */
  const ofUser = (userId: string, merchantId?: string) =>
    customerRepository(ctx.app.adapter).listForUser(userId, merchantId);

  return { create, forUser, update, remove, byExternalId, byEmail, byIdOrThrow, emitChanged, ofUser };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
