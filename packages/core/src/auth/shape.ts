import type { Row } from "../db/adapter";
import type { AppContext } from "../kernel/app-context";

/** Fields declared `returned: false` per model, found once per schema model. */
const hiddenByModel = new WeakMap<object, ReadonlySet<string>>();
const hiddenFields = (def: { readonly fields: Readonly<Record<string, { returned?: boolean }>> }) => {
  let hidden = hiddenByModel.get(def);
  if (!hidden) {
    hidden = new Set(
      Object.entries(def.fields)
        .filter(([, field]) => field.returned === false)
        .map(([name]) => name),
    );
    hiddenByModel.set(def, hidden);
  }
  return hidden;
};

/** Removes fields declared `returned: false` (password hashes, OAuth tokens) from a row. */
export function returnedFields<T extends Row>(app: AppContext, model: string, row: T): T {
  const def = app.schema[model];
  if (!def) return row;
  const hidden = hiddenFields(def);
  const out: Row = {};
  for (const key of Object.keys(row)) if (!hidden.has(key)) out[key] = row[key];
  return out as T;
}

export const publicUser = <T extends Row>(app: AppContext, user: T): T => returnedFields(app, "user", user);
export const publicSession = <T extends Row>(app: AppContext, session: T): T =>
  returnedFields(app, "session", session);
