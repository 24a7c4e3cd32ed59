import { adapterError } from "../../db/adapter";

const UNIQUE_CODES = new Set([
  "23505", // PostgreSQL and PGlite: unique_violation
  "ER_DUP_ENTRY", // MySQL and MariaDB (mysql2)
  "SQLITE_CONSTRAINT_UNIQUE", // better-sqlite3
  "SQLITE_CONSTRAINT_PRIMARYKEY",
]);

function field(error: object, key: string): unknown {
  return (error as Record<string, unknown>)[key];
}

/** Is this driver error a unique (or primary key) violation, whichever driver raised it? */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = field(error, "code");
  return (typeof code === "string" && UNIQUE_CODES.has(code)) || field(error, "errno") === 1062;
}

/** Is this driver error a deadlock the database resolved by rolling back this statement? */
export function isDeadlock(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = field(error, "code");
  return code === "40P01" || code === "ER_LOCK_DEADLOCK" || field(error, "errno") === 1213;
}

/** Attempts of a statement that ends in a deadlock, outside a transaction. */
const DEADLOCK_ATTEMPTS = 4;

/**
 * Runs a database call, turning unique violations into `AdapterError("UNIQUE_VIOLATION")` and
 * deadlocks into `AdapterError("DEADLOCK")`. `retryDeadlocks` (calls outside a transaction): a
 * deadlock rolled back only this call's statements (InnoDB and PostgreSQL pick a victim among
 * concurrent updates of the same rows, e.g. two workers claiming due rows), so the call is run
 * again, up to DEADLOCK_ATTEMPTS times. Inside a transaction the whole transaction was rolled
 * back, and the error goes to its caller (which may run the transaction again).
 */
export async function mapErrors<T>(run: () => Promise<T>, retryDeadlocks = false): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (retryDeadlocks && attempt < DEADLOCK_ATTEMPTS && isDeadlock(error)) continue;
      if (isUniqueViolation(error)) {
        const message = error instanceof Error ? error.message : "Unique constraint violated";
        throw adapterError("UNIQUE_VIOLATION", message, error);
      }
      if (isDeadlock(error)) {
        const message = error instanceof Error ? error.message : "Deadlock detected";
        throw adapterError("DEADLOCK", message, error);
      }
      throw error;
    }
  }
}
