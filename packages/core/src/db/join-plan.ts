import { adapterError, type JoinOption } from "./adapter";
import type { PhysicalModel } from "./physical";
import type { Where } from "./where";

/** One related model to load with a row: which relation, how many rows, which condition. */
export interface JoinPlan {
  readonly key: string;
  readonly target: PhysicalModel;
  readonly kind: "one" | "many";
  /** Field on the base model / on the target model that are compared. */
  readonly localField: string;
  readonly foreignField: string;
  readonly limit: number;
  readonly where: Where | undefined;
}

const DEFAULT_MANY_LIMIT = 100;

type Relation = Pick<JoinPlan, "target" | "kind" | "localField" | "foreignField">;

/**
 * Plans `join` options from the schema's references. The schema does not change, so how one model
 * joins another is found once per pair, and each model's column list is built once.
 */
export function createJoinPlanner(pmOf: (model: string) => PhysicalModel) {
  const relations = new Map<PhysicalModel, Map<string, Relation>>();
  const allColumns = new Map<PhysicalModel, string[]>();

  const relationOf = (pm: PhysicalModel, key: string): Relation => {
    let byKey = relations.get(pm);
    if (!byKey) {
      byKey = new Map();
      relations.set(pm, byKey);
    }
    let relation = byKey.get(key);
    if (relation) return relation;
    const target = pmOf(key);
    const own = Object.entries(pm.model.fields).find(([, f]) => f.references?.model === key);
    if (own) {
      const [localField, def] = own;
      relation = { target, kind: "one", localField, foreignField: def.references!.field };
    } else {
      const theirs = Object.entries(target.model.fields).find(
        ([, f]) => f.references?.model === pm.model.name,
      );
      if (!theirs) {
        throw adapterError(
          "UNKNOWN_MODEL",
          `No reference between "${pm.model.name}" and "${key}" to join on`,
        );
      }
      const [foreignField, def] = theirs;
      relation = { target, kind: "many", localField: def.references!.field, foreignField };
    }
    byKey.set(key, relation);
    return relation;
  };

  return {
    planJoins(pm: PhysicalModel, join: JoinOption | undefined): JoinPlan[] {
      if (!join) return [];
      return Object.entries(join).map(([key, opt]) => {
        const limit = (opt !== true && opt.limit) || DEFAULT_MANY_LIMIT;
        const where = opt !== true ? opt.where : undefined;
        return { key, ...relationOf(pm, key), limit, where };
      });
    },

    /** Every column of a model, as joins read them (one array per model). */
    columnsOf(pm: PhysicalModel): string[] {
      let list = allColumns.get(pm);
      if (!list) {
        list = [...pm.columns.values()];
        allColumns.set(pm, list);
      }
      return list;
    },
  };
}
