import { aggregate as mingoAggregate } from "mingo";
import { BSON, type Document, MongoServerError } from "mongodb";

/**
 * Server-side rules of the in-process MongoDB substitute, written after the server's documented
 * behaviour: error codes and messages, unique index keys, update and filter validation. Values go
 * through the real BSON library on every write and read, as they would over the wire.
 */

export function serverError(
  code: number,
  codeName: string,
  message: string,
  extra: Document = {},
): MongoServerError {
  return new MongoServerError({ message, errmsg: message, code, codeName, ok: 0, ...extra });
}

/** A deep copy through BSON: what the server would store, and what a client would read back. */
export function bsonCopy(doc: Document): Document {
  return BSON.deserialize(BSON.serialize(doc));
}

export function sameDocument(a: Document, b: Document): boolean {
  return Buffer.from(BSON.serialize(a)).equals(Buffer.from(BSON.serialize(b)));
}

/** The server rejects empty $and / $or / $nor arrays (code 2, BadValue). */
export function validateFilter(filter: unknown): void {
  if (Array.isArray(filter)) {
    for (const item of filter) validateFilter(item);
    return;
  }
  if (typeof filter !== "object" || filter === null || filter instanceof Date || "_bsontype" in filter)
    return;
  for (const [key, value] of Object.entries(filter)) {
    if (
      (key === "$and" || key === "$or" || key === "$nor") &&
      (!Array.isArray(value) || value.length === 0)
    ) {
      throw serverError(2, "BadValue", "$and/$or/$nor must be a nonempty array");
    }
    validateFilter(value);
  }
}

const UPDATE_OPERATORS = new Set(["$set", "$unset", "$inc"]);

/** Validates an update document; only the operators the adapter uses are implemented here. */
export function validateUpdate(update: Document): void {
  const keys = Object.keys(update);
  if (keys.length === 0 || keys.some((k) => !k.startsWith("$"))) {
    throw serverError(9, "FailedToParse", "Update document requires atomic operators");
  }
  const paths = new Set<string>();
  for (const operator of keys) {
    if (!UPDATE_OPERATORS.has(operator)) {
      throw new Error(`The MongoDB substitute does not implement the update operator ${operator}`);
    }
    for (const path of Object.keys(update[operator] ?? {})) {
      if (path === "_id") {
        throw serverError(
          66,
          "ImmutableField",
          "Performing an update on the path '_id' would modify the immutable field '_id'",
        );
      }
      if (path.includes("."))
        throw new Error(`The MongoDB substitute does not implement dotted paths (${path})`);
      if (paths.has(path)) {
        throw serverError(
          40,
          "ConflictingUpdateOperators",
          `Updating the path '${path}' would create a conflict at '${path}'`,
        );
      }
      paths.add(path);
    }
  }
}

/** Applies a validated update to a copy of a document. */
/**
 * Validates an update pipeline: the adapter sends one `$set` stage of aggregation expressions
 * (`updateWith`); other stages are refused so that an unexpected pipeline fails loudly.
 */
export function validatePipeline(pipeline: readonly Document[]): void {
  if (pipeline.length === 0) throw serverError(9, "FailedToParse", "Update pipeline must not be empty");
  for (const stage of pipeline) {
    const [name, ...rest] = Object.keys(stage);
    if (name !== "$set" || rest.length > 0) {
      throw new Error(`The MongoDB substitute only implements $set stages in update pipelines, not ${name}`);
    }
    if ("_id" in (stage.$set as Document)) {
      throw serverError(
        66,
        "ImmutableField",
        "Performing an update on the path '_id' would modify the immutable field '_id'",
      );
    }
  }
}

/** A pipeline update of one document: every expression reads the document as it was (mingo). */
export function applyPipeline(doc: Document, pipeline: readonly Document[]): Document {
  const [next] = mingoAggregate([bsonCopy(doc)], [...pipeline]);
  if (!next) throw new Error("The update pipeline dropped the document");
  return bsonCopy(next);
}

export function applyUpdate(doc: Document, update: Document): Document {
  const next: Document = { ...doc };
  for (const [path, value] of Object.entries(update.$set ?? {})) next[path] = value;
  for (const path of Object.keys(update.$unset ?? {})) delete next[path];
  for (const [path, by] of Object.entries(update.$inc ?? {})) {
    const current: unknown = next[path];
    if (current !== undefined && current !== null && typeof current !== "number") {
      throw serverError(
        14,
        "TypeMismatch",
        `Cannot apply $inc to a value of non-numeric type. {_id: ${String(next._id)}}`,
      );
    }
    if (current === null) {
      throw serverError(14, "TypeMismatch", "Cannot apply $inc to a value of non-numeric type null");
    }
    next[path] = (typeof current === "number" ? current : 0) + Number(by);
  }
  return bsonCopy(next);
}

/**
 * The key of a document in an index, as the server compares it: a missing field is null, numbers
 * compare by value whatever their BSON type, dates by instant, ObjectIds by bytes.
 */
export function indexKey(doc: Document, fields: readonly string[]): string {
  return JSON.stringify(
    fields.map((field) => {
      const value: unknown = doc[field];
      if (value === undefined || value === null) return ["null"];
      if (value instanceof Date) return ["date", value.getTime()];
      if (typeof value === "number") return ["number", value];
      if (typeof value === "object" && "_bsontype" in value)
        return ["bson", BSON.EJSON.stringify({ v: value })];
      return [typeof value, BSON.EJSON.stringify({ v: value }, { relaxed: false })];
    }),
  );
}

export function duplicateKey(namespace: string, index: string, keyValue: Document): MongoServerError {
  const shown = BSON.EJSON.stringify(keyValue);
  return serverError(
    11000,
    "DuplicateKey",
    `E11000 duplicate key error collection: ${namespace} index: ${index} dup key: ${shown}`,
    {
      keyPattern: Object.fromEntries(Object.keys(keyValue).map((k) => [k, 1])),
      keyValue,
    },
  );
}
