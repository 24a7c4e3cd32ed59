import type { DBAdapter, Row } from "../db/adapter";
import type { WhereCondition } from "../db/where";
import type { Account, Session, SessionWithUser, User, Verification } from "./models";
import type { RequestContext } from "./request-context";

export type UserRow = User & Record<string, unknown>;
export type AccountRow = Account & Record<string, unknown>;
export type SessionRow = Session & Record<string, unknown>;
export type VerificationRow = Verification & Record<string, unknown>;

/**
 * The only code that touches the user and account tables (`auth/users/repository.ts` builds it).
 * Writes go through the user's database hooks and the plugins' before-hooks; events are emitted by
 * the caller after commit.
 */
export interface UserRepository {
  /**
   * Runs the plugins' before-hooks and the user's database hook on new user data. Call it before
   * opening a transaction (hooks may query the database).
   */
  prepareCreate(data: Record<string, unknown>, request?: Request): Promise<Record<string, unknown>>;
  /** Runs the account database hook; call before a transaction (see `prepareCreate`). */
  prepareAccount(data: Record<string, unknown>): Promise<Record<string, unknown>>;
  findById(id: string, db?: DBAdapter): Promise<UserRow | null>;
  findByEmail(email: string, db?: DBAdapter): Promise<UserRow | null>;
  /** The credential account of an email with its user (the sign-in read); null without a password. */
  findCredentialByEmail(email: string): Promise<{ user: UserRow; account: AccountRow } | null>;
  /** The user with their accounts, in a constant number of queries. */
  findByEmailWithAccounts(email: string): Promise<{ user: UserRow; accounts: AccountRow[] } | null>;
  /** Inserts prepared user data (see `prepareCreate`). */
  insert(data: Record<string, unknown>, db?: DBAdapter): Promise<UserRow>;
  create(data: Record<string, unknown>, db?: DBAdapter, request?: Request): Promise<UserRow>;
  afterCreate(user: UserRow, request?: Request): Promise<void>;
  update(user: UserRow, data: Record<string, unknown>, db?: DBAdapter, request?: Request): Promise<UserRow>;
  /**
   * Like `update`, but only while the row still has `expected` values (one atomic statement): null
   * when another request changed them first.
   */
  updateIf(
    user: UserRow,
    expected: Record<string, WhereCondition["value"]>,
    data: Record<string, unknown>,
    request?: Request,
  ): Promise<UserRow | null>;
  afterUpdate(user: UserRow, previous: UserRow): Promise<void>;
  delete(id: string, db?: DBAdapter): Promise<number>;
  listAccounts(userId: string, db?: DBAdapter): Promise<AccountRow[]>;
  findCredentialAccount(userId: string, db?: DBAdapter): Promise<AccountRow | null>;
  findAccount(providerId: string, accountId: string, db?: DBAdapter): Promise<AccountRow | null>;
  insertAccount(data: Record<string, unknown>, db?: DBAdapter): Promise<AccountRow>;
  createAccount(data: Record<string, unknown>, db?: DBAdapter): Promise<AccountRow>;
  afterCreateAccount(account: AccountRow): Promise<void>;
  updateAccount(id: string, data: Record<string, unknown>, db?: DBAdapter): Promise<AccountRow | null>;
  deleteAccount(id: string, db?: DBAdapter): Promise<number>;
}

/** Session persistence: the database, secondary storage, or both (`auth/session/store.ts`). */
export interface SessionStore {
  create(data: Row, user: SessionWithUser["user"]): Promise<SessionRow>;
  findByToken(token: string): Promise<SessionWithUser | null>;
  update(current: SessionWithUser, changes: Row): Promise<SessionRow | null>;
  /** The user's sessions; with `activeAt`, only those not expired at that time (filtered in the store). */
  listByUser(userId: string, filter?: { activeAt?: Date }): Promise<SessionRow[]>;
  /** Deletes the given tokens of one user (all of them when `tokens` is undefined). */
  deleteForUser(userId: string, tokens?: readonly string[]): Promise<string[]>;
  /** Rewrites the cached user inside every stored session of that user (after a user update). */
  refreshUser(user: SessionWithUser["user"]): Promise<void>;
}

export interface ResolveOptions {
  /** Read the store even when a fresh cookie cache exists. */
  readonly disableCookieCache?: boolean;
  readonly disableRefresh?: boolean;
}

export interface CreateSessionOptions {
  dontRemember?: boolean;
  setCookies?: boolean;
  extra?: Record<string, unknown>;
}

/** Session lifecycle (spec section 4), built by `auth/session/service.ts`. */
export interface SessionService {
  create(rc: RequestContext, user: UserRow, opts?: CreateSessionOptions): Promise<SessionWithUser>;
  resolve(rc: RequestContext, opts?: ResolveOptions): Promise<SessionWithUser | null>;
  /** Memoised per request. */
  current(rc: RequestContext, opts?: ResolveOptions): Promise<SessionWithUser | null>;
  isFresh(value: SessionWithUser): boolean;
  revoke(userId: string, tokens?: readonly string[]): Promise<string[]>;
  readonly store: SessionStore;
}

/** Single-use values (reset tokens, delete-account tokens, OAuth state), consumed atomically. */
export interface VerificationService {
  create(identifier: string, value: string, expiresInSeconds: number): Promise<VerificationRow>;
  /** Reads without consuming; expired rows read as null. */
  find(identifier: string): Promise<VerificationRow | null>;
  /** Deletes and returns the value; null when missing, already used or expired. */
  consume(identifier: string): Promise<VerificationRow | null>;
  delete(identifier: string): Promise<void>;
}

/** Core services every endpoint and plugin may use (built once per app). */
export interface CoreServices {
  readonly generateId: (model: string) => string;
  readonly users: UserRepository;
  readonly sessions: SessionService;
  readonly verification: VerificationService;
}
