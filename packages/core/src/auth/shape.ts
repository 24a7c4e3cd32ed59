import type { AppContext } from "../context/app-context";
import type { Row } from "../db/adapter";

/** Removes fields declared `returned: false` (password hashes, OAuth tokens) from a row. */
export function returnedFields<T extends Row>(app: AppContext, model: string, row: T): T {
  const def = app.schema[model];
  if (!def) return row;
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (def.fields[key]?.returned === false) continue;
    out[key] = value;
  }
  return out as T;
}

export const publicUser = <T extends Row>(app: AppContext, user: T): T => returnedFields(app, "user", user);
export const publicSession = <T extends Row>(app: AppContext, session: T): T =>
  returnedFields(app, "session", session);
