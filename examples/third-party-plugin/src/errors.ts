import { defineErrors } from "@gatehouse-js/core/plugin";

/** The plugin's errors: each key is the code sent on the wire (the message, upper-cased). */
export const SIGN_IN_LOG_ERRORS = defineErrors({
  SIGN_IN_LOG_IS_DISABLED_FOR_THIS_USER: { status: 403, message: "Sign-in log is disabled for this user" },
});
