import type { FieldDef } from "../../db/model";
import type { PhysicalModel } from "../../db/physical";

/** A model's fields with their definitions, `id` excluded (it is always the primary key). */
export function fieldsOf(pm: PhysicalModel): [string, FieldDef][] {
  return Object.entries(pm.model.fields).filter(([name]) => name !== "id");
}

/**
 * Fields (per model) that an index, a unique constraint or a foreign key covers, on either side of
 * the key. MySQL needs those as VARCHAR.
 */
export function keyedFields(models: ReadonlyMap<string, PhysicalModel>): Map<string, Set<string>> {
  const keyed = new Map<string, Set<string>>();
  const mark = (model: string, field: string) => {
    const set = keyed.get(model) ?? new Set<string>();
    set.add(field);
    keyed.set(model, set);
  };
  for (const [name, pm] of models) {
    mark(name, "id");
    for (const [field, def] of fieldsOf(pm)) {
      if (def.unique || def.index || def.references) mark(name, field);
      if (def.references) mark(def.references.model, def.references.field);
    }
    for (const index of pm.model.indexes ?? []) for (const field of index.fields) mark(name, field);
  }
  return keyed;
}

/**
 * Models in creation order: every model after the models it references. A reference cycle is
 * broken at the edge found last: SQLite still declares that foreign key (it checks them lazily);
 * PostgreSQL and MySQL cannot reference a table that does not exist yet, so there it is left out.
 */
export function creationOrder(models: ReadonlyMap<string, PhysicalModel>): string[] {
  const order: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string) => {
    if (state.get(name) !== undefined) return;
    state.set(name, "visiting");
    const pm = models.get(name);
    for (const [, def] of pm ? fieldsOf(pm) : []) {
      const target = def.references?.model;
      if (target && target !== name && models.has(target)) visit(target);
    }
    state.set(name, "done");
    order.push(name);
  };
  for (const name of models.keys()) visit(name);
  return order;
}
