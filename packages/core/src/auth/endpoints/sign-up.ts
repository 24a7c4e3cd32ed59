import { z } from "zod";
import { isAdapterError } from "../../db/adapter";
import { inputSchema } from "../../db/validators";
import { defineEndpoint } from "../../kernel/endpoint";
import { AUTH_ERRORS } from "../../kernel/errors";
import { coreRoutes } from "../../kernel/routes";
import { emailString, nameString, urlString } from "../../router/schemas";
import { assertEmailPasswordEnabled, assertPasswordLength, isValidEmail } from "../password-policy";
import { publicUser } from "../shape";
import { sendVerificationEmail } from "../verification/email";

const signUpBody = z.looseObject({
  name: nameString(),
  email: emailString(),
  password: z.string(),
  image: urlString().optional(),
  callbackURL: urlString().optional(),
  rememberMe: z.boolean().optional(),
});

/** POST /sign-up/email: creates the user and its credential account; signs in unless told not to. */
export const signUpEmail = defineEndpoint(coreRoutes.signUpEmail, {
  body: signUpBody,
  noStore: true,
  async handler({ app, rc, body }) {
    assertEmailPasswordEnabled(app);
    if (app.options.emailAndPassword?.disableSignUp) throw AUTH_ERRORS.EMAIL_AND_PASSWORD_IS_NOT_ENABLED();
    const email = body.email.trim().toLowerCase();
    if (!isValidEmail(email)) throw AUTH_ERRORS.INVALID_EMAIL();
    assertPasswordLength(app, body.password);
    const { users, sessions } = app.core;
    if (await users.findByEmail(email)) throw AUTH_ERRORS.USER_ALREADY_EXISTS();

    // Hash before the transaction: slow work never holds a pool connection.
    const hash = await app.password.hash(body.password);
    const parsed = inputSchema(app.schema.user!, "create").safeParse(body);
    if (!parsed.success) throw AUTH_ERRORS.INVALID_BODY_PARAMETERS({ issues: parsed.error.issues });
    const fields = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));

    // Hooks run before the transaction; inside it only the transaction's adapter is used.
    const userData = await users.prepareCreate(
      { ...fields, id: app.core.generateId("user"), email, name: body.name },
      rc.request,
    );
    const accountData = await users.prepareAccount({
      providerId: "credential",
      accountId: userData.id,
      userId: userData.id,
      password: hash,
    });
    let user: Awaited<ReturnType<typeof users.insert>>;
    let account: Awaited<ReturnType<typeof users.insertAccount>>;
    try {
      [user, account] = await app.adapter.transaction(async (tx) => {
        const created = await users.insert(userData, tx);
        return [created, await users.insertAccount(accountData, tx)] as const;
      });
    } catch (error) {
      if (isAdapterError(error, "UNIQUE_VIOLATION")) {
        await app.events.runBefore("user.writeConflict", {
          data: userData,
          userId: String(userData.id),
          request: rc.request,
        });
        throw AUTH_ERRORS.USER_ALREADY_EXISTS();
      }
      throw error;
    }
    await users.afterCreate(user, rc.request);
    await users.afterCreateAccount(account);

    const verification = app.options.emailVerification;
    const requireVerification = app.options.emailAndPassword?.requireEmailVerification ?? false;
    if ((verification?.sendOnSignUp ?? requireVerification) && verification?.sendVerificationEmail) {
      await sendVerificationEmail(rc, user, { callbackURL: body.callbackURL });
    }
    if (requireVerification || app.options.emailAndPassword?.autoSignIn === false) {
      return { token: null, user: publicUser(app, user) };
    }
    const { session } = await sessions.create(rc, user, { dontRemember: body.rememberMe === false });
    return { token: session.token, user: publicUser(app, user) };
  },
});
