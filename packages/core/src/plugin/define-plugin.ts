import type { RateLimitRule } from "../auth/options";
import type { AppContext } from "../context/app-context";
import type { PrincipalResolver } from "../context/principal";
import type { FieldMap, ModelDef } from "../db/model";
import type { ErrorSpec } from "../errors/define-errors";
import type { EndpointMap } from "../router/endpoint";

/** Fields a plugin adds to a model, or a whole new model. */
export interface PluginModelExtension {
  readonly fields: FieldMap;
  readonly tableName?: string;
  readonly indexes?: ModelDef["indexes"];
}

/**
 * A plugin is a plain object: models, endpoints, errors, hooks and services. It never intercepts
 * another plugin's URLs: it reacts to typed events (`setup` registers handlers on `app.events`) and
 * calls other plugins' services.
 */
export type PluginSchema = Readonly<Record<string, PluginModelExtension>>;

export interface Plugin<
  Id extends string = string,
  E extends EndpointMap = EndpointMap,
  S = unknown,
  Sch extends PluginSchema = PluginSchema,
> {
  readonly id: Id;
  /** Plugin ids that must be installed too. */
  readonly requires?: readonly string[];
  /** New models, or fields added to existing ones (merged by model name). */
  readonly schema?: Sch;
  readonly endpoints?: E;
  readonly errors?: Readonly<Record<string, ErrorSpec>>;
  /** Rate-limit rules by path (overrides the defaults, below the user's custom rules). */
  readonly rateLimit?: Readonly<Record<string, RateLimitRule | false>>;
  /** Builds the plugin's services once, at init; other plugins reach them as `app.services[id]`. */
  readonly services?: (app: AppContext) => S;
  /** Registers event handlers and before-hooks; runs once at init, after every service exists. */
  readonly setup?: (app: AppContext) => void | Promise<void>;
  /**
   * Recognises a session-less caller (e.g. an API key header) for endpoints that accept
   * principals (`defineEndpoint(route, { principal: true, ... })`); see `context/principal.ts`.
   */
  readonly resolvePrincipal?: PrincipalResolver;
  /** The plugin's own options, kept for inference. */
  readonly options?: unknown;
}

export type AnyPlugin = Plugin<string, EndpointMap, unknown, PluginSchema>;

/** Declares a plugin; keeps literal ids, endpoint keys and schema for type inference. */
export function definePlugin<
  const Id extends string,
  E extends EndpointMap = {},
  S = undefined,
  const Sch extends PluginSchema = {},
>(plugin: Plugin<Id, E, S, Sch>): Plugin<Id, E, S, Sch> {
  return plugin;
}
