import type { Account, Session, SessionWithUser, User } from "./models";

type UserRow = User & Record<string, unknown>;

/**
 * Domain events, emitted after the change commits. Plugins add their own with declaration merging:
 *
 *   declare module "@gatehouse-js/core" { interface GatehouseEvents { "organization.created": {...} } }
 */
export interface GatehouseEvents {
  "user.created": { user: UserRow; request?: Request };
  "user.updated": { user: UserRow; previous: UserRow };
  "user.deleted": { user: UserRow };
  "session.created": { session: Session & Record<string, unknown>; user: UserRow };
  "session.revoked": { tokens: string[]; userId: string };
  "account.created": { account: Account & Record<string, unknown> };
  "account.updated": { account: Account & Record<string, unknown> };
}

/**
 * Before-hooks: run inside a flow before the write; return replacement data or throw to refuse.
 * Extended by plugins like the events above. The app's `databaseHooks` run here too (and their
 * after-hooks as handlers of the events above), so each write fires its hooks from one place.
 */
export interface GatehouseHooks {
  "user.create": { data: Record<string, unknown>; request?: Request };
  "user.update": { data: Record<string, unknown>; user: UserRow; request?: Request };
  "session.create": { data: Record<string, unknown>; user: UserRow; request?: Request };
  "account.create": { data: Record<string, unknown> };
  "account.update": { data: Record<string, unknown>; id: string };
  "signIn.before": { user: UserRow; request?: Request };
  /**
   * A user write (`data`, for user `userId`) was refused by a unique index. Hooks may throw a more
   * precise error than the flow's default (the username plugin: 422 "Username is already taken").
   */
  "user.writeConflict": { data: Record<string, unknown>; userId: string; request?: Request };
  "session.resolved": { result: SessionWithUser };
}
