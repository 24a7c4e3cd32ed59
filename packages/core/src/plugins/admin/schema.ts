import type { PluginSchema } from "../../plugin";

/**
 * Fields the plugin adds. None of them can be set by a client through sign-up or update-user
 * (`input: false`); only the admin endpoints write them.
 */
export function adminSchema(defaultRole: string) {
  return {
    user: {
      fields: {
        /** Comma-separated role names. */
        role: { type: "string", required: false, input: false, default: defaultRole },
        banned: { type: "boolean", required: false, input: false, default: false },
        banReason: { type: "string", required: false, input: false },
        banExpires: { type: "date", required: false, input: false },
      },
    },
    session: {
      fields: {
        /** The admin's user id on an impersonation session. */
        impersonatedBy: { type: "string", required: false, input: false },
      },
    },
  } as const satisfies PluginSchema;
}
