/**
 * The one role parser. Roles are stored comma-joined ("admin,member"); an API may take a list.
 * Parsing trims each name, drops empty ones and duplicates, and keeps the order. Anything that is
 * neither a string nor a list of strings holds no role. Pure and browser-safe.
 */
export function parseRoles(value: unknown): string[] {
  const raw =
    typeof value === "string"
      ? value.split(",")
      : Array.isArray(value)
        ? value.flatMap((v) => (typeof v === "string" ? v.split(",") : []))
        : [];
  return [...new Set(raw.map((r) => r.trim()).filter((r) => r.length > 0))];
}

/** The stored form of a role list: parsed, then comma-joined. */
export function formatRoles(roles: unknown): string {
  return parseRoles(roles).join(",");
}
