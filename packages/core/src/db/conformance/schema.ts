import { defineModel, field, type InferModel, type Schema } from "../model";

/**
 * The schema the conformance suite runs against: every field type, optional and unique fields, a
 * composite unique index, a reference (item.ownerId -> owner.id) for joins both ways, and a job
 * model with lease fields for `claimDue`. Every model has a `batch` column: each test writes rows
 * under a batch of its own and only reads those, so tests never depend on each other.
 */
const owner = defineModel({
  name: "owner",
  fields: {
    batch: field("string", { index: true }),
    name: field("string"),
    email: field("string", { unique: true }),
    nickname: field("string", { required: false }),
    age: field("number", { required: false }),
    active: field("boolean", { default: true }),
    balance: field("number", { bigint: true, default: 0 }),
    profile: field("json", { required: false }),
    tags: field("string[]", { required: false }),
    createdAt: field("date", { default: () => new Date() }),
  },
});

const item = defineModel({
  name: "item",
  fields: {
    batch: field("string", { index: true }),
    ownerId: field("string", {
      required: false,
      index: true,
      references: { model: "owner", field: "id", onDelete: "cascade" },
    }),
    sku: field("string"),
    position: field("number", { default: 0 }),
  },
  indexes: [{ fields: ["ownerId", "sku"], unique: true }],
});

const record = defineModel({
  name: "record",
  fields: {
    batch: field("string", { index: true }),
    label: field("string"),
    note: field("string", { required: false }),
    score: field("number", { required: false }),
    flagged: field("boolean", { required: false }),
    happenedAt: field("date", { required: false }),
  },
});

const counter = defineModel({
  name: "counter",
  fields: {
    batch: field("string", { index: true }),
    amount: field("number", { bigint: true }),
  },
});

const token = defineModel({
  name: "token",
  fields: {
    batch: field("string", { index: true }),
    secret: field("string", { unique: true }),
    code: field("string", { required: false, unique: true }),
    purpose: field("string"),
  },
});

const job = defineModel({
  name: "job",
  fields: {
    batch: field("string", { index: true }),
    dueAt: field("date"),
    lockedUntil: field("date", { required: false }),
    lockToken: field("string", { required: false }),
    attempts: field("number", { default: 0 }),
  },
});

export const conformanceSchema = { owner, item, record, counter, token, job } satisfies Schema;

export type OwnerRow = InferModel<typeof owner>;
export type ItemRow = InferModel<typeof item>;
export type RecordRow = InferModel<typeof record>;
export type CounterRow = InferModel<typeof counter>;
export type TokenRow = InferModel<typeof token>;
export type JobRow = InferModel<typeof job>;
