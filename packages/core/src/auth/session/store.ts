import type { Row } from "../../db/adapter";
import type { ModelDef } from "../../db/model";
import type { AppContext } from "../../kernel/app-context";
import type { SessionWithUser } from "../../kernel/models";
import type { SessionRow, SessionStore } from "../../kernel/services";

export type { SessionRow, SessionStore };

/** Each model's date fields, listed once per schema model rather than on every revive. */
const dateFieldsByModel = new WeakMap<ModelDef, readonly string[]>();
const dateFields = (model: ModelDef): readonly string[] => {
  let names = dateFieldsByModel.get(model);
  if (!names) {
    names = Object.entries(model.fields)
      .filter(([, def]) => def.type === "date")
      .map(([name]) => name);
    dateFieldsByModel.set(model, names);
  }
  return names;
};

/** Turns ISO strings back into Dates for a model's date fields (rows read from JSON). */
export function reviveDates<T extends Row>(model: ModelDef | undefined, row: T): T {
  if (!model) return row;
  const out: Row = { ...row };
  for (const name of dateFields(model)) {
    const value = out[name];
    if (typeof value === "string") out[name] = new Date(value);
  }
  return out as T;
}

/**
 * A copy of a row whose dates are already Dates (as `reviveDates` returns it): a new object with
 * new Dates, cheaper than reviving the ISO strings again.
 */
export function copyRevived<T extends Row>(model: ModelDef | undefined, row: T): T {
  const out: Row = { ...row };
  if (!model) return out as T;
  for (const name of dateFields(model)) {
    const value = out[name];
    if (value instanceof Date) out[name] = new Date(value.getTime());
  }
  return out as T;
}

const sessionKey = (token: string) => `session:${token}`;
const userSessionsKey = (userId: string) => `active-sessions-${userId}`;

interface IndexEntry {
  token: string;
  expiresAt: number;
}

/**
 * Session persistence: the database, or secondary storage (Redis) when configured, or both when
 * `storeSessionInDatabase` is set. Lookups by token cost one round trip in either store: the
 * database read joins the user; the storage entry holds session and user together.
 */
export function createSessionStore(app: AppContext): SessionStore {
  const storage = app.secondaryStorage;
  const useDb = !storage || app.session.storeInDatabase;
  const ttl = (expiresAt: Date) => Math.max(1, Math.ceil((expiresAt.getTime() - app.now().getTime()) / 1000));

  const revive = (value: string): SessionWithUser => {
    const parsed = JSON.parse(value) as SessionWithUser;
    return {
      session: reviveDates(app.schema.session, parsed.session),
      user: reviveDates(app.schema.user, parsed.user),
    };
  };

  const readIndex = async (userId: string): Promise<IndexEntry[]> => {
    const raw = storage ? await storage.get(userSessionsKey(userId)) : null;
    const now = app.now().getTime();
    return raw ? (JSON.parse(raw) as IndexEntry[]).filter((e) => e.expiresAt > now) : [];
  };

  const writeIndex = async (userId: string, entries: IndexEntry[]) => {
    if (!storage) return;
    if (entries.length === 0) return storage.delete(userSessionsKey(userId));
    const last = Math.max(...entries.map((e) => e.expiresAt));
    await storage.set(userSessionsKey(userId), JSON.stringify(entries), ttl(new Date(last)));
  };

  // The per-user index is read, changed and written back: concurrent changes for one user (parallel
  // sign-ins) would overwrite each other and drop sessions from it, which "revoke all" then misses.
  // Serialise them per user within this process.
  const indexLocks = new Map<string, Promise<unknown>>();
  const withIndexLock = <T>(userId: string, fn: () => Promise<T>): Promise<T> => {
    const run = (indexLocks.get(userId) ?? Promise.resolve()).then(fn);
    const settled = run.catch(() => undefined);
    indexLocks.set(userId, settled);
    void settled.then(() => {
      if (indexLocks.get(userId) === settled) indexLocks.delete(userId);
    });
    return run;
  };

  const putInStorage = async (value: SessionWithUser) => {
    if (!storage) return;
    await storage.set(sessionKey(value.session.token), JSON.stringify(value), ttl(value.session.expiresAt));
  };

  return {
    async create(data: Row, user: SessionWithUser["user"]): Promise<SessionRow> {
      const session = useDb
        ? await app.adapter.create<SessionRow>({ model: "session", data })
        : (reviveDates(app.schema.session, {
            id: app.core.generateId("session"),
            createdAt: app.now(),
            updatedAt: app.now(),
            ...data,
          }) as SessionRow);
      if (storage) {
        await putInStorage({ session, user });
        await withIndexLock(user.id, async () => {
          const index = (await readIndex(user.id)).filter((e) => e.token !== session.token);
          index.push({ token: session.token, expiresAt: session.expiresAt.getTime() });
          await writeIndex(user.id, index);
        });
      }
      return session;
    },

    async findByToken(token: string): Promise<SessionWithUser | null> {
      if (storage) {
        const raw = await storage.get(sessionKey(token));
        if (raw) return revive(raw);
        if (!useDb) return null;
      }
      const row = await app.adapter.findOne<SessionRow & { user: SessionWithUser["user"] | null }>({
        model: "session",
        where: [{ field: "token", value: token }],
        join: { user: true },
      });
      if (!row?.user) return null;
      const { user, ...session } = row;
      return { session: session as SessionRow, user };
    },

    async update(current: SessionWithUser, changes: Row): Promise<SessionRow | null> {
      const data = { updatedAt: app.now(), ...changes };
      let session: SessionRow | null = { ...current.session, ...data } as SessionRow;
      if (useDb) {
        session = await app.adapter.update<SessionRow>({
          model: "session",
          where: [{ field: "token", value: current.session.token }],
          update: data,
        });
      }
      if (session && storage) {
        await putInStorage({ session, user: current.user });
        const updated = session;
        await withIndexLock(current.user.id, async () => {
          const index = (await readIndex(current.user.id)).map((e) =>
            e.token === updated.token ? { ...e, expiresAt: updated.expiresAt.getTime() } : e,
          );
          await writeIndex(current.user.id, index);
        });
      }
      return session;
    },

    /** The user's sessions, newest first; with `activeAt`, only those expiring after it (filtered in the query). */
    async listByUser(userId: string, filter: { activeAt?: Date } = {}): Promise<SessionRow[]> {
      const { activeAt } = filter;
      if (storage && !useDb) {
        const index = await readIndex(userId);
        const rows = await Promise.all(index.map((e) => storage.get(sessionKey(e.token))));
        const sessions = rows.filter((r): r is string => r !== null).map((r) => revive(r).session);
        return activeAt ? sessions.filter((s) => s.expiresAt.getTime() > activeAt.getTime()) : sessions;
      }
      return app.adapter.findMany<SessionRow>({
        model: "session",
        where: activeAt
          ? [
              { field: "userId", value: userId },
              { field: "expiresAt", operator: "gt", value: activeAt },
            ]
          : [{ field: "userId", value: userId }],
        sortBy: { field: "createdAt", direction: "desc" },
      });
    },

    /** Deletes the given tokens of one user (all of them when `tokens` is undefined). */
    async deleteForUser(userId: string, tokens?: readonly string[]): Promise<string[]> {
      const run = async () => {
        let removed: string[];
        if (useDb) {
          const where = tokens
            ? [
                { field: "userId", value: userId },
                { field: "token", operator: "in" as const, value: tokens },
              ]
            : [{ field: "userId", value: userId }];
          removed = tokens
            ? [...tokens]
            : (await app.adapter.findMany<SessionRow>({ model: "session", where, select: ["token"] })).map(
                (s) => s.token,
              );
          await app.adapter.deleteMany({ model: "session", where });
        } else {
          removed = tokens ? [...tokens] : (await readIndex(userId)).map((e) => e.token);
        }
        if (storage) {
          await Promise.all(removed.map((t) => storage.delete(sessionKey(t))));
          const index = tokens ? (await readIndex(userId)).filter((e) => !tokens.includes(e.token)) : [];
          await writeIndex(userId, index);
        }
        return removed;
      };
      // Reading the index (revoke all) and writing it back happen under the user's index lock.
      return storage ? withIndexLock(userId, run) : run();
    },

    /** Rewrites the cached user inside every stored session of that user (after a user update). */
    async refreshUser(user: SessionWithUser["user"]): Promise<void> {
      if (!storage) return;
      for (const entry of await readIndex(user.id)) {
        const raw = await storage.get(sessionKey(entry.token));
        if (raw) await putInStorage({ session: revive(raw).session, user });
      }
    },
  };
}
