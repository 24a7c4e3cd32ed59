import type { OnDelete, Schema } from "../../db/model";
import { fieldsOf } from "../kysely/schema-graph";
import { lowerFirst, type PrismaModelInfo, upperFirst } from "./names";

/** A reference `source.field -> target.targetField`, with the Prisma fields that express it. */
export interface PrismaRelation {
  /** Gatehouse model names. */
  readonly source: string;
  readonly target: string;
  /** Gatehouse fields: the foreign key and the field it references. */
  readonly field: string;
  readonly targetField: string;
  readonly onDelete?: OnDelete;
  /** The foreign key is optional (the relation field is then optional too). */
  readonly optional: boolean;
  /** The foreign key is unique: one-to-one, the back field is `Source?` instead of `Source[]`. */
  readonly unique: boolean;
  /** Relation field on the source model (e.g. `owner`) and back field on the target (e.g. `items`). */
  readonly relationField: string;
  readonly backField: string;
  /** Set when Prisma needs it: several relations between the same two models, or a self-relation. */
  readonly name?: string;
}

function freeName(base: string, used: Set<string>): string {
  let name = base;
  for (let i = 2; used.has(name); i++) name = `${base}${i}`;
  used.add(name);
  return name;
}

/**
 * Every reference between models of the schema, named for Prisma: the relation field drops an
 * `Id` suffix (`ownerId` -> `owner`), the back field is the plural of the source model (`items`).
 * Names never collide with other fields of the model.
 */
export function prismaRelations(
  schema: Schema,
  models: ReadonlyMap<string, PrismaModelInfo>,
): PrismaRelation[] {
  const used = new Map<string, Set<string>>();
  for (const [name, info] of models) used.set(name, new Set(info.fields.values()));
  const refs: Omit<PrismaRelation, "relationField" | "backField" | "name">[] = [];
  for (const [source, info] of models) {
    for (const [field, def] of fieldsOf(info.physical)) {
      const ref = def.references;
      if (!ref || !models.has(ref.model) || !schema[ref.model]) continue;
      const singleUnique =
        def.unique === true ||
        (info.physical.model.indexes ?? []).some(
          (i) => i.unique && i.fields.length === 1 && i.fields[0] === field,
        );
      refs.push({
        source,
        target: ref.model,
        field,
        targetField: ref.field,
        onDelete: ref.onDelete,
        optional: def.required === false,
        unique: singleUnique,
      });
    }
  }
  const pairKey = (a: string, b: string) => [a, b].sort().join("\u0000");
  const perPair = new Map<string, number>();
  for (const r of refs)
    perPair.set(pairKey(r.source, r.target), (perPair.get(pairKey(r.source, r.target)) ?? 0) + 1);

  return refs.map((r) => {
    const source = models.get(r.source)!;
    const fk = source.fields.get(r.field) ?? r.field;
    const base = /.Id$/.test(fk) ? fk.slice(0, -2) : `${fk}Relation`;
    const relationField = freeName(base, used.get(r.source)!);
    const plural = r.unique ? lowerFirst(source.name) : `${lowerFirst(source.name)}s`;
    const ambiguous = (perPair.get(pairKey(r.source, r.target)) ?? 0) > 1 || r.source === r.target;
    const backBase = ambiguous ? `${plural}By${upperFirst(relationField)}` : plural;
    const backField = freeName(backBase, used.get(r.target)!);
    const name = ambiguous ? `${source.name}_${relationField}` : undefined;
    return { ...r, relationField, backField, ...(name ? { name } : {}) };
  });
}

export const REFERENTIAL_ACTIONS: Readonly<Record<OnDelete, string>> = {
  cascade: "Cascade",
  "set null": "SetNull",
  restrict: "Restrict",
  "no action": "NoAction",
};
