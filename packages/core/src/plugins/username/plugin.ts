import { definePlugin } from "../../plugin";
import { isUsernameAvailableEndpoint } from "./endpoints/is-username-available";
import { signInUsernameEndpoint } from "./endpoints/sign-in-username";
import { USERNAME_ERROR_CODES } from "./error-codes";
import { registerUsernameHooks } from "./hooks";
import { resolveUsernameOptions, type UsernameOptions } from "./options";
import { createUsernameRules, findByUsername } from "./rules";
import { usernameSchema } from "./schema";

/**
 * The username plugin: users get a unique `username` (stored lower case) and a `displayUsername`,
 * can sign in with it (POST /sign-in/username) and check one (POST /is-username-available). Sign-up
 * and update-user accept both fields; the rules apply to every user write through the user
 * before-hooks.
 *
 *   createAuth({ plugins: [username({ minUsernameLength: 4 })] })
 */
export function username<const O extends UsernameOptions>(options?: O) {
  const rules = createUsernameRules(resolveUsernameOptions(options));
  return definePlugin({
    id: "username",
    schema: usernameSchema,
    endpoints: {
      signInUsername: signInUsernameEndpoint(rules),
      isUsernameAvailable: isUsernameAvailableEndpoint(rules),
    },
    errors: USERNAME_ERROR_CODES,
    services: (app) => ({
      /** Throws the rule's error, or returns the stored form of `raw`. */
      check: rules.check,
      /** Is the (raw) username valid and free? */
      async isAvailable(raw: string): Promise<boolean> {
        if (!(await rules.isValid(raw))) return false;
        return (await findByUsername(app, rules.options.usernameNormalization(raw))) === null;
      },
    }),
    setup(app) {
      registerUsernameHooks(app, rules);
    },
    options,
  });
}

export type UsernamePlugin = ReturnType<typeof username>;
