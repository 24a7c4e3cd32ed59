export {
  detectMongoTransactions,
  type MongoAdapterOptions,
  type MongoDatabaseAdapter,
  mongoAdapter,
} from "./adapter";
export { createMongoDriver, type MongoDriverConfig, NO_TRANSACTIONS_MESSAGE } from "./driver";
export { escapeRegex, mongoFilter } from "./filter";
export { type MongoIndexSpec, type MongoTable, mongoIndexes, mongoTables } from "./tables";
export type {
  MongoClientLike,
  MongoCollectionLike,
  MongoCursorLike,
  MongoDbLike,
  MongoDriverFits,
  MongoIndexOptions,
  MongoOperationOptions,
  MongoSessionLike,
} from "./types";
export { type MongoIdType, MongoValues } from "./values";
