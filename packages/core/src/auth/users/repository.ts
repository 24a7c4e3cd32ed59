import { type DBAdapter, isAdapterError } from "../../db/adapter";
import type { WhereCondition } from "../../db/where";
import type { AppContext } from "../../kernel/app-context";
import { AUTH_ERRORS } from "../../kernel/errors";
import type { AccountRow, UserRepository, UserRow } from "../../kernel/services";

export type { AccountRow, UserRepository, UserRow };

/**
 * The only code that touches the user and account tables. Writes go through the before-hooks of
 * the event bus (the plugins' and the app's `databaseHooks`, see `auth/database-hooks.ts`); events
 * are emitted after commit.
 */
export function createUserRepository(app: AppContext): UserRepository {
  /**
   * Runs the plugins' before-hooks and the user's database hook on new user data. Call it before
   * opening a transaction: hooks may query the database, and inside a transaction only the
   * transaction's adapter may be used (single-connection databases would wait forever).
   */
  const prepareCreate = async (data: Record<string, unknown>, request?: Request) =>
    (await app.events.runBefore("user.create", { data, request })).data;

  /** Runs the account database hook; call before a transaction (see `prepareCreate`). */
  const prepareAccount = async (data: Record<string, unknown>) =>
    (await app.events.runBefore("account.create", { data })).data;

  async function write(
    user: UserRow,
    data: Record<string, unknown>,
    db: DBAdapter,
    request: Request | undefined,
    expected: readonly WhereCondition[],
  ): Promise<UserRow | null> {
    const final = (await app.events.runBefore("user.update", { data, user, request })).data;
    let updated: UserRow | null;
    try {
      updated = await db.update<UserRow>({
        model: "user",
        where: [{ field: "id", value: user.id }, ...expected],
        update: final,
      });
    } catch (error) {
      // A unique field clashed (a concurrent writer won): plugins name the field (username: 422
      // "already taken"); otherwise the generic conflict.
      if (!isAdapterError(error, "UNIQUE_VIOLATION")) throw error;
      await app.events.runBefore("user.writeConflict", { data: final, userId: user.id, request });
      throw AUTH_ERRORS.USER_ALREADY_EXISTS();
    }
    return updated;
  }

  return {
    prepareCreate,
    prepareAccount,
    findById(id: string, db: DBAdapter = app.adapter) {
      return db.findOne<UserRow>({ model: "user", where: [{ field: "id", value: id }] });
    },

    findByEmail(email: string, db: DBAdapter = app.adapter) {
      return db.findOne<UserRow>({ model: "user", where: [{ field: "email", value: email.toLowerCase() }] });
    },

    /**
     * The credential account of an email with its user, in one query where the database joins
     * (the sign-in read): null when there is no such user or it has no password.
     */
    async findCredentialByEmail(email: string) {
      const row = await app.adapter.findOne<AccountRow & { user: UserRow | null }>({
        model: "account",
        where: [{ field: "providerId", value: "credential" }],
        join: { user: { where: [{ field: "email", value: email.toLowerCase() }] } },
      });
      if (!row?.user) return null;
      const { user, ...account } = row;
      return { user, account: account as AccountRow };
    },

    /** The user with their accounts, in a constant number of queries. */
    async findByEmailWithAccounts(email: string) {
      const row = await app.adapter.findOne<UserRow & { account: AccountRow[] }>({
        model: "user",
        where: [{ field: "email", value: email.toLowerCase() }],
        join: { account: true },
      });
      if (!row) return null;
      const { account, ...user } = row;
      return { user: user as UserRow, accounts: account };
    },

    /** Inserts prepared user data (see `prepareCreate`). */
    insert(data: Record<string, unknown>, db: DBAdapter = app.adapter) {
      return db.create<UserRow>({ model: "user", data });
    },

    async create(data: Record<string, unknown>, db: DBAdapter = app.adapter, request?: Request) {
      return db.create<UserRow>({ model: "user", data: await prepareCreate(data, request) });
    },

    async afterCreate(user: UserRow, request?: Request) {
      await app.events.emit("user.created", { user, request });
    },

    async update(
      user: UserRow,
      data: Record<string, unknown>,
      db: DBAdapter = app.adapter,
      request?: Request,
    ) {
      const updated = await write(user, data, db, request, []);
      if (!updated) throw AUTH_ERRORS.USER_NOT_FOUND();
      return updated;
    },

    /**
     * Like `update`, but only while the row still has `expected` values (one atomic statement):
     * null when another request changed them first. Single-use transitions use it (a verification
     * link followed twice at once verifies once).
     */
    updateIf(
      user: UserRow,
      expected: Record<string, WhereCondition["value"]>,
      data: Record<string, unknown>,
      request?: Request,
    ) {
      const where = Object.entries(expected).map(([field, value]) => ({ field, value }) as WhereCondition);
      return write(user, data, app.adapter, request, where);
    },

    async afterUpdate(user: UserRow, previous: UserRow) {
      await app.events.emit("user.updated", { user, previous });
    },

    delete(id: string, db: DBAdapter = app.adapter) {
      return db.delete({ model: "user", where: [{ field: "id", value: id }] });
    },

    listAccounts(userId: string, db: DBAdapter = app.adapter) {
      return db.findMany<AccountRow>({ model: "account", where: [{ field: "userId", value: userId }] });
    },

    findCredentialAccount(userId: string, db: DBAdapter = app.adapter) {
      return db.findOne<AccountRow>({
        model: "account",
        where: [
          { field: "userId", value: userId },
          { field: "providerId", value: "credential" },
        ],
      });
    },

    findAccount(providerId: string, accountId: string, db: DBAdapter = app.adapter) {
      return db.findOne<AccountRow>({
        model: "account",
        where: [
          { field: "providerId", value: providerId },
          { field: "accountId", value: accountId },
        ],
      });
    },

    insertAccount(data: Record<string, unknown>, db: DBAdapter = app.adapter) {
      return db.create<AccountRow>({ model: "account", data });
    },

    async createAccount(data: Record<string, unknown>, db: DBAdapter = app.adapter) {
      return db.create<AccountRow>({ model: "account", data: await prepareAccount(data) });
    },

    async afterCreateAccount(account: AccountRow) {
      await app.events.emit("account.created", { account });
    },

    async updateAccount(id: string, data: Record<string, unknown>, db: DBAdapter = app.adapter) {
      const final = (await app.events.runBefore("account.update", { data, id })).data;
      const account = await db.update<AccountRow>({
        model: "account",
        where: [{ field: "id", value: id }],
        update: final,
      });
      if (account) {
        await app.events.emit("account.updated", { account });
      }
      return account;
    },

    deleteAccount(id: string, db: DBAdapter = app.adapter) {
      return db.delete({ model: "account", where: [{ field: "id", value: id }] });
    },
  };
}
