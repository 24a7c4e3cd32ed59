/**
 * Everything the API-key plugin takes from outside its folder, in one place, so that it can be
 * rewired to the public plugin API (`@gatehouse-js/core/plugin`) by editing this file only.
 * Server code only: the client part (client.ts) imports the client kit directly.
 */
export type {
  AppContext,
  DBAdapter,
  FieldExpr,
  RequestContext,
  Row,
  SessionWithUser,
  Where,
} from "../../plugin";
export {
  type APIError,
  constantTimeEqual,
  currentTime,
  defineEndpoint,
  defineErrors,
  definePlugin,
  type ErrorSpec,
  type FieldMap,
  generateRandomString,
  isAPIError,
  type PluginSchema,
  type Principal,
  type PrincipalResolver,
  parseRoles,
  type RowOf,
  returnedFields,
  statementsGrant,
} from "../../plugin";
