import { z } from "zod";
import type { AccountRow, UserRow } from "../../../plugin";
import {
  AUTH_ERRORS,
  assertPasswordLength,
  defineEndpoint,
  emailString,
  isAdapterError,
  isValidEmail,
  nameString,
  publicUser,
} from "../../../plugin";
import { ADMIN_ERRORS } from "../errors";
import type { ResolvedAdminOptions } from "../options";
import { parseRoleInput, requirePermission } from "../permissions";
import { adminRoutes } from "../routes";
import { parseAdminUserData, permissionsForData } from "../user-data";

const createUserBody = z.object({
  email: emailString(),
  /** Without a password the user gets no credential account (social or magic-link users). */
  password: z.string().optional(),
  name: nameString(),
  role: z.union([z.string(), z.array(z.string())]).optional(),
  /** Further user fields, including the plugins' and the app's additional fields. */
  data: z.record(z.string(), z.unknown()).optional(),
});

/**
 * POST /admin/create-user -> {user}. Over HTTP it needs a session with user:create (a role needs
 * user:set-role, ban fields user:ban); trusted server calls may omit the session.
 */
export function createUserEndpoint(options: ResolvedAdminOptions) {
  return defineEndpoint(adminRoutes.createUser, {
    body: createUserBody,
    auth: "optional",
    async handler({ app, rc, body, session }) {
      if (!session && !rc.isServerCall) throw AUTH_ERRORS.UNAUTHORIZED();
      const actor = session?.user;
      if (actor)
        requirePermission(
          options,
          actor,
          { user: ["create"] },
          ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS,
        );
      const raw: Record<string, unknown> = { ...body.data };
      if (body.role !== undefined) raw.role = body.role;
      if (raw.role !== undefined) raw.role = parseRoleInput(options, raw.role);
      const data = parseAdminUserData(app, raw);
      if (actor)
        for (const [request, refused] of permissionsForData(data, "create"))
          requirePermission(options, actor, request, refused);

      const email = body.email.trim().toLowerCase();
      if (!isValidEmail(email)) throw AUTH_ERRORS.INVALID_EMAIL();
      if (body.password !== undefined) assertPasswordLength(app, body.password);
      const { users } = app.core;
      if (await users.findByEmail(email)) throw ADMIN_ERRORS.USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL();

      // Hash and run hooks before the transaction: inside it only the transaction's adapter is used.
      const hash = body.password === undefined ? undefined : await app.password.hash(body.password);
      const userData = await users.prepareCreate(
        { ...data, id: app.core.generateId("user"), email, name: body.name },
        rc.request,
      );
      const accountData =
        hash === undefined
          ? null
          : await users.prepareAccount({
              providerId: "credential",
              accountId: userData.id,
              userId: userData.id,
              password: hash,
            });
      let created: { user: UserRow; account: AccountRow | null };
      try {
        created = await app.adapter.transaction(async (tx) => ({
          user: await users.insert(userData, tx),
          account: accountData ? await users.insertAccount(accountData, tx) : null,
        }));
      } catch (error) {
        if (!isAdapterError(error, "UNIQUE_VIOLATION")) throw error;
        const userId = String(userData.id);
        await app.events.runBefore("user.writeConflict", { data: userData, userId, request: rc.request });
        throw ADMIN_ERRORS.USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL();
      }
      await users.afterCreate(created.user, rc.request);
      if (created.account) await users.afterCreateAccount(created.account);
      return { user: publicUser(app, created.user) };
    },
  });
}
