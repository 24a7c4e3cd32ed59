/**
 * A pure state table: the statuses of an entity, the statuses it may be created in, and the moves
 * allowed between them. Repositories apply a move as a compare-and-set (`WHERE id = ? AND status =
 * <from>`), so of two concurrent callers exactly one wins; the table decides which moves exist.
 */
export interface StateTable<S extends string> {
  readonly statuses: readonly S[];
  /** Statuses a new row may start in. */
  readonly initial: readonly S[];
  /** Statuses with no move out. */
  readonly terminal: readonly S[];
  /** Is `from -> to` an allowed move? (`from === to` only when listed: a self move.) */
  canMove(from: S, to: S): boolean;
  /** Every status that may move to `to`. */
  sources(to: S): S[];
  /** Throws when `from -> to` is not allowed: a programming error, never a user error. */
  assertMove(from: S, to: S): void;
  /** Throws when a row may not be created in `status`. */
  assertInitial(status: S): void;
  /** Narrows a stored value to a status (unknown values are not statuses). */
  is(value: unknown): value is S;
}

export function defineStateTable<const S extends string>(
  name: string,
  statuses: readonly S[],
  def: {
    readonly initial: readonly NoInfer<S>[];
    readonly moves: { readonly [K in S]: readonly NoInfer<S>[] };
  },
): StateTable<S> {
  const allowed = new Map(statuses.map((s) => [s, new Set<S>(def.moves[s])]));
  const canMove = (from: S, to: S) => allowed.get(from)?.has(to) ?? false;
  return {
    statuses: [...statuses],
    initial: [...def.initial],
    terminal: statuses.filter((s) => def.moves[s].length === 0),
    canMove,
    sources: (to) => statuses.filter((from) => canMove(from, to)),
    assertMove(from, to) {
      if (!canMove(from, to)) throw new Error(`${name}: no transition from "${from}" to "${to}"`);
    },
    assertInitial(status) {
      if (!def.initial.includes(status)) throw new Error(`${name}: cannot be created as "${status}"`);
    },
    is: (value): value is S => typeof value === "string" && allowed.has(value as S),
  };
}

/** The status union of a table. */
export type StatusOf<T> = T extends StateTable<infer S> ? S : never;
