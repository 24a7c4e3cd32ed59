import type { DBAdapter } from "@gatehouse-js/core/plugin";

export interface SignInRow {
  readonly id: string;
  readonly userId: string;
  readonly ipAddress: string | null;
  readonly userAgent: string | null;
  readonly createdAt: Date;
  readonly [field: string]: unknown;
}

/** The only code that names the plugin's table. */
export function signInLogRepository(db: DBAdapter) {
  return {
    add(row: Omit<SignInRow, "id">): Promise<SignInRow> {
      return db.create<SignInRow>({ model: "signInLog", data: row });
    },
    listForUser(userId: string, limit: number): Promise<SignInRow[]> {
      return db.findMany<SignInRow>({
        model: "signInLog",
        where: [{ field: "userId", value: userId }],
        sortBy: { field: "createdAt", direction: "desc" },
        limit,
      });
    },
    async clearForUser(userId: string): Promise<number> {
      return db.deleteMany({ model: "signInLog", where: [{ field: "userId", value: userId }] });
    },
  };
}
