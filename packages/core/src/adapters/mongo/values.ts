import { type Document, ObjectId } from "mongodb";
import { adapterError, type Row } from "../../db/adapter";
import type { MongoTable } from "./tables";

/** How ids are stored: as ObjectId (24 hex characters in Gatehouse) or as the string itself. */
export type MongoIdType = "objectId" | "string";

/** An ObjectId from any copy of the bson library (checked by its type tag, not by class identity). */
function isObjectId(value: unknown): value is { toHexString(): string } {
  return (
    typeof value === "object" &&
    value !== null &&
    Reflect.get(value, "_bsontype") === "ObjectId" &&
    typeof Reflect.get(value, "toHexString") === "function"
  );
}

const HEX_ID = /^[0-9a-f]{24}$/i;

/** Converts values between the driver contract (storage rows) and documents. */
export class MongoValues {
  constructor(private readonly idType: MongoIdType) {}

  keyOf(table: MongoTable, column: string): string {
    return column === table.idColumn ? "_id" : column;
  }

  /**
   * A where value as stored in its column. In objectId mode, ids that are 24 hex characters become
   * ObjectId (any other string id, e.g. one a caller chose, stays a string).
   */
  toFilterValue(table: MongoTable, column: string, value: unknown): unknown {
    const isId = this.idType === "objectId" && table.idColumns.has(column);
    return isId && typeof value === "string" && HEX_ID.test(value) ? new ObjectId(value) : value;
  }

  /** A written value: ids as above; JSON, which arrives as text, as BSON documents and arrays. */
  toStored(table: MongoTable, column: string, value: unknown): unknown {
    if (table.jsonColumns.has(column) && typeof value === "string") return JSON.parse(value);
    return this.toFilterValue(table, column, value);
  }

  /** A document for insertOne: NULL columns are left out (a NULL column is an absent field). */
  toDocument(table: MongoTable, values: Row): Document {
    const doc: Document = {};
    for (const [column, value] of Object.entries(values)) {
      if (value === null || value === undefined) continue;
      doc[this.keyOf(table, column)] = this.toStored(table, column, value);
    }
    return doc;
  }

  /** `$set` for values, `$unset` for NULLs. */
  toUpdate(table: MongoTable, values: Row): Document {
    const $set: Document = {};
    const $unset: Record<string, ""> = {};
    for (const [column, value] of Object.entries(values)) {
      if (value === undefined) continue;
      const key = this.keyOf(table, column);
      if (key === "_id") throw adapterError("INVALID_VALUE", "A MongoDB document id cannot change");
      if (value === null) $unset[key] = "";
      else $set[key] = this.toStored(table, column, value);
    }
    return {
      ...(Object.keys($set).length > 0 ? { $set } : {}),
      ...(Object.keys($unset).length > 0 ? { $unset } : {}),
    };
  }

  /** A document as a storage row: every column (or the selected ones), absent fields as NULL. */
  toRow(table: MongoTable, doc: Document, columns: readonly string[] = table.columns): Row {
    const row: Row = {};
    for (const column of columns) {
      const value: unknown = doc[this.keyOf(table, column)];
      row[column] = value === undefined ? null : isObjectId(value) ? value.toHexString() : value;
    }
    return row;
  }
}
