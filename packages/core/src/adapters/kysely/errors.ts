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

/** Runs a database call, turning unique violations into `AdapterError("UNIQUE_VIOLATION")`. */
export async function mapErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) {
      const message = error instanceof Error ? error.message : "Unique constraint violated";
      throw adapterError("UNIQUE_VIOLATION", message, error);
    }
    throw error;
  }
}
