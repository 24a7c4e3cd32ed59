/**
 * `@gatehouse-js/core/plugin/client`: the browser half of the public plugin API. A plugin's
 * `client.ts` declares its client plugin with it; it loads the client's plugin helper only (no
 * server code), so a plugin's client entry stays small and browser-safe.
 */

export {
  type AtomMap,
  type ClientContext,
  type ClientPlugin,
  defineClientPlugin,
  inferServer,
} from "../client/plugin";
export { formatRoles, parseRoles } from "./roles";
