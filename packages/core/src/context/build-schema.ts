import type { ModelDef, Schema } from "../db/model";
import { coreModels, rateLimitFields } from "../kernel/models";
import type { AuthOptions } from "../kernel/options";

/**
 * The merged schema: core models with the user's additional fields, then every plugin's models and
 * model extensions. Conflicting field declarations fail at init with a message naming both sides.
 */
export function buildSchema(options: AuthOptions): Schema {
  const models: Record<string, ModelDef> = {
    ...coreModels({
      user: options.user?.additionalFields,
      session: options.session?.additionalFields,
      account: options.account?.additionalFields,
      verification: options.verification?.additionalFields,
    }),
  };
  if (options.rateLimit?.storage === "database") {
    models.rateLimit = { name: "rateLimit", fields: rateLimitFields };
  }
  for (const plugin of options.plugins ?? []) {
    for (const [name, ext] of Object.entries(plugin.schema ?? {})) {
      const existing = models[name];
      if (!existing) {
        models[name] = { name, fields: ext.fields, tableName: ext.tableName, indexes: ext.indexes };
        continue;
      }
      for (const field of Object.keys(ext.fields)) {
        if (field in existing.fields) {
          throw new Error(
            `Plugin "${plugin.id}" declares field "${name}.${field}", which is already declared. Rename one of them.`,
          );
        }
      }
      models[name] = {
        ...existing,
        fields: { ...existing.fields, ...ext.fields },
        indexes: [...(existing.indexes ?? []), ...(ext.indexes ?? [])],
      };
    }
  }
  return Object.freeze(models);
}
