export { API_KEY_ERROR_CODES, type ApiKeyErrorCode } from "./error-codes";
export type { ApiKeyRow, Permissions } from "./models";
export type { ApiKeyOptions } from "./options";
export { type ApiKeyPlugin, apiKey } from "./plugin";
export { type ApiKeyRoutes, apiKeyRoutes } from "./routes";
export { type ApiKeyService, apiKeyService } from "./service";
export type { ApiKey } from "./shape";
