import type { DBAdapter, FieldExpr, Row, Where } from "./deps";
import type { ApiKeyRow } from "./models";

const MODEL = "apikey";
const byId = (id: string): Where => [{ field: "id", value: id }];
/** Rows whose `field` is unset or at most `threshold`. */
const unsetOrBefore = (field: string, threshold: Date): Where => [
  {
    or: [
      { field, value: null },
      { field, operator: "lte", value: threshold },
    ],
  },
];

/** What one verification counts, from the key's settings (see `countUse`). */
export interface CountPlan {
  readonly now: Date;
  /** Rate limit, when enabled: window length and requests allowed in it. */
  readonly window: { readonly ms: number; readonly max: number } | null;
  /** A use of `remaining`, when the key has one; refilled to `amount` every `intervalMs`. */
  readonly use: { readonly refill: { readonly amount: number; readonly intervalMs: number } | null } | null;
}

const or = (...items: Where): Where => [{ or: [...items] }];

/** The UPDATE of one verification: the condition under which it counts, and what it sets. */
function countStatement(row: ApiKeyRow, plan: CountPlan): { where: Where; set: Record<string, FieldExpr> } {
  const { now } = plan;
  const where: Where[number][] = [{ field: "updatedAt", value: row.updatedAt }];
  const set: Record<string, FieldExpr> = { lastRequest: { value: now } };
  if (plan.window) {
    const closed = or(
      { field: "rateLimitWindowStart", value: null },
      { field: "rateLimitWindowStart", operator: "lte", value: new Date(now.getTime() - plan.window.ms) },
    );
    where.push(...or(...closed, { field: "requestCount", operator: "lt", value: plan.window.max }));
    set.requestCount = { when: closed, use: { value: 1 }, otherwise: { field: "requestCount", add: 1 } };
    set.rateLimitWindowStart = {
      when: closed,
      use: { value: now },
      otherwise: { field: "rateLimitWindowStart" },
    };
  }
  if (plan.use) {
    const { refill } = plan.use;
    if (refill) {
      const threshold = new Date(now.getTime() - refill.intervalMs);
      const due = or(
        { field: "lastRefillAt", operator: "lte", value: threshold },
        {
          and: [
            { field: "lastRefillAt", value: null },
            { field: "createdAt", operator: "lte", value: threshold },
          ],
        },
      );
      where.push(...or(...due, { field: "remaining", operator: "gt", value: 0 }));
      set.remaining = {
        when: due,
        use: { value: refill.amount - 1 },
        otherwise: { field: "remaining", add: -1 },
      };
      set.lastRefillAt = { when: due, use: { value: now }, otherwise: { field: "lastRefillAt" } };
    } else {
      where.push({ field: "remaining", operator: "gt", value: 0 });
      set.remaining = { field: "remaining", add: -1 };
    }
  }
  return { where, set };
}

export interface ListArgs {
  readonly referenceId: string;
  readonly configId: string;
  readonly limit?: number;
  readonly offset?: number;
  readonly sortBy?: string;
  readonly sortDirection?: "asc" | "desc";
}

/** The only code that names the `apikey` table. */
export function apiKeyRepository(db: DBAdapter) {
  return {
    create: (data: Row) => db.create<ApiKeyRow>({ model: MODEL, data }),

    findById: (id: string) => db.findOne<ApiKeyRow>({ model: MODEL, where: byId(id) }),

    /** The verification read: one indexed lookup by the key's hash. */
    findByHash: (hash: string) =>
      db.findOne<ApiKeyRow>({ model: MODEL, where: [{ field: "key", value: hash }] }),

    update: (id: string, data: Row) => db.update<ApiKeyRow>({ model: MODEL, where: byId(id), update: data }),

    delete: (id: string) => db.delete({ model: MODEL, where: byId(id) }),

    async list(args: ListArgs): Promise<{ rows: ApiKeyRow[]; total: number }> {
      const where: Where = [
        { field: "referenceId", value: args.referenceId },
        { field: "configId", value: args.configId },
      ];
      const [rows, total] = await Promise.all([
        db.findMany<ApiKeyRow>({
          model: MODEL,
          where,
          limit: args.limit,
          offset: args.offset,
          sortBy: { field: args.sortBy ?? "createdAt", direction: args.sortDirection ?? "desc" },
        }),
        db.count({ model: MODEL, where }),
      ]);
      return { rows, total };
    },

    deleteExpired: (now: Date) =>
      db.deleteMany({ model: MODEL, where: [{ field: "expiresAt", operator: "lt", value: now }] }),

    /**
     * One use: `remaining - 1` in a single conditional UPDATE (`remaining > 0`). Null when no use
     * was left; under any concurrency at most `remaining` callers succeed.
     */
    consumeUse: (id: string) =>
      db.incrementOne<ApiKeyRow>({ model: MODEL, where: byId(id), field: "remaining", by: -1, min: 0 }),

    /**
     * Refills `remaining` to `amount` when the last refill (or the creation) is at least
     * `intervalMs` old. The condition is in the UPDATE, so concurrent callers refill once.
     */
    refill: async (row: ApiKeyRow, amount: number, intervalMs: number, now: Date) => {
      const threshold = new Date(now.getTime() - intervalMs);
      const due: Where =
        row.lastRefillAt === null
          ? [
              { field: "lastRefillAt", value: null },
              { field: "createdAt", operator: "lte", value: threshold },
            ]
          : [{ field: "lastRefillAt", operator: "lte", value: threshold }];
      return db.updateMany({
        model: MODEL,
        where: [...byId(row.id), ...due],
        update: { remaining: amount, lastRefillAt: now },
      });
    },

    /**
     * Opens a new rate-limit window counting this request, when the current one (if any) started
     * at least `windowMs` ago. Returns whether this caller opened it.
     */
    openWindow: async (id: string, windowMs: number, now: Date) =>
      (await db.updateMany({
        model: MODEL,
        where: [...byId(id), ...unsetOrBefore("rateLimitWindowStart", new Date(now.getTime() - windowMs))],
        update: { rateLimitWindowStart: now, requestCount: 1, lastRequest: now },
      })) > 0,

    /**
     * One verification's counting in one conditional UPDATE, without reading the key first: a use
     * of `remaining` (refilled when due) and a request in the rate-limit window (a new window when
     * the last one is over). It changes the key only when every limit allows and the key's settings
     * are still those the plan was made from (`updatedAt` unchanged); `changed: false` otherwise.
     * Only with `db.updateOneWith` (see `supportsCountUse`).
     */
    countUse: (row: ApiKeyRow, plan: CountPlan, returning: boolean) => {
      const { where, set } = countStatement(row, plan);
      return db.updateOneWith!<ApiKeyRow>({ model: MODEL, match: byId(row.id), where, set, returning });
    },

    /** Can this store count a verification in one statement (`countUse`)? */
    supportsCountUse: () => db.updateOneWith !== undefined,

    /** Counts a request in the open window, refused (null) at `max`. */
    countRequest: (id: string, windowStart: Date, max: number) =>
      db.incrementOne<ApiKeyRow>({
        model: MODEL,
        where: [...byId(id), { field: "rateLimitWindowStart", value: windowStart }],
        field: "requestCount",
        by: 1,
        max,
      }),
  };
}

export type ApiKeyRepository = ReturnType<typeof apiKeyRepository>;
