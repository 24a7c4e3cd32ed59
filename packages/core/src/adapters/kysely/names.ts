import type { SqlDialect } from "./types";

/** Longest identifier each database accepts (PostgreSQL truncates silently at 63 bytes). */
const MAX_IDENTIFIER: Record<SqlDialect, number> = { postgres: 63, mysql: 64, sqlite: 64 };

/** FNV-1a, 32 bits, as 8 hex characters: a stable short fingerprint for shortened names. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/**
 * A deterministic constraint or index name, e.g. `user_email_uidx`. Names longer than the database
 * allows are cut and suffixed with a hash of the full name, so they stay unique and stable.
 */
export function constraintName(
  dialect: SqlDialect,
  table: string,
  columns: readonly string[],
  suffix: "idx" | "uidx" | "fk",
): string {
  const name = `${table}_${columns.join("_")}_${suffix}`;
  const max = MAX_IDENTIFIER[dialect];
  if (name.length <= max) return name;
  return `${name.slice(0, max - 9)}_${fingerprint(name)}`;
}
