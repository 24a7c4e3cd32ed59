import type { DBAdapter, Row } from "../../../plugin";
import type { PortalSessionRow } from "../rows";

/** The only code that touches `billingPortalSession`. */
export function portalSessionRepository(db: DBAdapter) {
  return {
    insert: (data: Row) => db.create<PortalSessionRow>({ model: "billingPortalSession", data }),
    /** By the SHA-256 of the token (the unique index); the caller still compares in constant time. */
    findByHash: (tokenHash: string) =>
      db.findOne<PortalSessionRow>({
        model: "billingPortalSession",
        where: [{ field: "tokenHash", value: tokenHash }],
      }),
    /** Removes sessions that expired before `before` (housekeeping); how many. */
    deleteExpired: (before: Date) =>
      db.deleteMany({
        model: "billingPortalSession",
        where: [{ field: "expiresAt", operator: "lt", value: before }],
      }),
  };
}
