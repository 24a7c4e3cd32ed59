/**
 * Everything the API-key plugin takes from outside its folder, in one place, so that it can be
 * rewired to the public plugin API (`@gatehouse-js/core/plugin`) by editing this file only.
 * Server code only: the client part (client.ts) imports the client kit directly.
 */
export type { SessionWithUser } from "../../auth/models";
export { returnedFields } from "../../auth/shape";
export type { AppContext } from "../../context/app-context";
export { type Principal, type PrincipalResolver, statementsGrant } from "../../context/principal";
export type { RequestContext } from "../../context/request-context";
export { constantTimeEqual } from "../../crypto/constant-time";
export { generateRandomString } from "../../crypto/random";
export type { DBAdapter, Row } from "../../db/adapter";
export { currentTime, type FieldMap, type RowOf } from "../../db/model";
export type { Where } from "../../db/where";
export { type APIError, defineErrors, type ErrorSpec, isAPIError } from "../../errors/define-errors";
export { definePlugin, type PluginSchema } from "../../plugin/define-plugin";
export { defineEndpoint } from "../../router/endpoint";
