import type { PluginSchema } from "../../plugin";

/**
 * Fields the plugin adds to the user (spec section 3): `username`, unique and stored normalised
 * (lower case by default), and `displayUsername`, the username as typed unless given separately.
 * Both are optional: users without a username stay valid, and NULLs never collide in the index.
 */
export const usernameSchema = {
  user: {
    fields: {
      username: { type: "string", required: false, unique: true },
      displayUsername: { type: "string", required: false },
    },
  },
} as const satisfies PluginSchema;
