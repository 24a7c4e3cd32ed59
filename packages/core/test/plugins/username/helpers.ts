import type { AuthOptions } from "../../../src/kernel/options";
import { type UsernameOptions, username } from "../../../src/plugins/username";
import { createTestAuth } from "../../../src/testing";

export type ErrorBody = { message: string; code: string };
export type UserBody = {
  id: string;
  email: string;
  username?: string | null;
  displayUsername?: string | null;
};

/** A fast, deterministic password hasher for tests (scrypt is covered by the core tests). */
export const fastPasswords = {
  hash: async (password: string) => `test:${password}`,
  verify: async ({ hash, password }: { hash: string; password: string }) => hash === `test:${password}`,
};

export function setup(options?: UsernameOptions, extra: Omit<AuthOptions, "plugins"> = {}) {
  return createTestAuth({
    ...extra,
    plugins: [username(options)],
    emailAndPassword: { enabled: true, password: fastPasswords, ...extra.emailAndPassword },
  });
}

export const PASSWORD = "correct-horse-battery";

let counter = 0;
export const uniqueEmail = () => `u${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
