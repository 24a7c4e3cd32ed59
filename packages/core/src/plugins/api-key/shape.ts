import { type AppContext, returnedFields } from "./deps";
import type { ApiKeyRow } from "./models";

/** The `ApiKey` answered by every endpoint: the row without its hidden fields (never the hash). */
export type ApiKey = Omit<ApiKeyRow, "key" | "referenceType" | "rateLimitWindowStart">;

export const toApiKey = (app: AppContext, row: ApiKeyRow): ApiKey =>
  returnedFields(app, "apikey", row) as ApiKey;
