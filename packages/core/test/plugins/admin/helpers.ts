import type { AuthOptions } from "../../../src/kernel/options";
import { type AdminOptions, admin } from "../../../src/plugins/admin";
import { createTestAuth, type TestBrowser } from "../../../src/testing";

export type ErrorBody = { message: string; code: string };
export type AdminUser = {
  id: string;
  email: string;
  name: string;
  role?: string | null;
  banned?: boolean | null;
  banReason?: string | null;
  banExpires?: string | null;
};
export type SessionBody = {
  session: { token: string; impersonatedBy?: string | null; expiresAt: string };
  user: AdminUser;
};

/** A fast, deterministic password hasher for tests (scrypt is covered by the core tests). */
export const fastPasswords = {
  hash: async (password: string) => `test:${password}`,
  verify: async ({ hash, password }: { hash: string; password: string }) => hash === `test:${password}`,
};

export const PASSWORD = "correct-horse-battery";

let counter = 0;
export const uniqueEmail = (prefix = "u") =>
  `${prefix}${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** An app with the admin plugin (plus `plugins` given in `extra`), and helpers for roles. */
export function setup(options?: AdminOptions, extra: AuthOptions = {}) {
  const t = createTestAuth({
    ...extra,
    plugins: [admin(options), ...(extra.plugins ?? [])],
    emailAndPassword: { enabled: true, password: fastPasswords, ...extra.emailAndPassword },
  });
  const { adapter } = t.auth.$context;

  /** Writes a role straight to the database (how the first admin of an app is usually made). */
  const setRole = (userId: string, role: string) =>
    adapter.update({ model: "user", where: [{ field: "id", value: userId }], update: { role } });

  const findUser = (id: string) =>
    adapter.findOne<AdminUser>({ model: "user", where: [{ field: "id", value: id }] });

  async function signUpAs(role: "admin" | "user", fields: Record<string, unknown> = {}) {
    const signed = await t.signUp({ email: uniqueEmail(role), ...fields });
    if (role === "admin") await setRole(signed.user.id, "admin");
    return signed;
  }

  /** A user with a chosen id (for `adminUserIds`), signed in with a password in a fresh browser. */
  async function signUpWithId(id: string, role = "user") {
    const email = uniqueEmail(id);
    await adapter.create({
      model: "user",
      data: { id, email, name: "Fixed Id", emailVerified: false, role },
    });
    await adapter.create({
      model: "account",
      data: {
        providerId: "credential",
        accountId: id,
        userId: id,
        password: await fastPasswords.hash(PASSWORD),
      },
    });
    const browser = t.browser();
    const res = await browser.post("/sign-in/email", { email, password: PASSWORD });
    if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.data)}`);
    return { browser, email, user: { id } };
  }

  const sessionOf = async (b: TestBrowser) => (await b.get<SessionBody | null>("/get-session")).data;

  return { ...t, setRole, findUser, signUpAs, signUpWithId, sessionOf };
}
