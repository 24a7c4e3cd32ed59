import { describe, expect, it } from "vitest";
import { migrate } from "../../src/db/migrate";
import { createTestAuth } from "../../src/testing";
import { randomPrefix, sqlStores } from "./stores";

/**
 * GET /list-sessions leaves expired sessions out in the SQL query itself: on SQLite, PGlite,
 * PostgreSQL and MariaDB, an expired session is not listed, and the session read carries an `expiresAt >` condition.
 * Every statement is observed at the driver.
 */

const HOUR = 3600_000;

for (const store of await sqlStores()) {
  describe.skipIf(!store.available)(`list-sessions on ${store.name}`, () => {
    it("does not return expired sessions, and the query filters them", async () => {
      const log: string[] = [];
      const prefix = randomPrefix("ls");
      const opened = store.open({ tablePrefix: prefix }, log);
      let now = Date.UTC(2026, 5, 1, 12);
      const { auth, browser, signUp } = createTestAuth({
        database: opened.database,
        advanced: { now: () => new Date(now) },
        session: { expiresIn: 3600, updateAge: 3600 },
        logger: { disabled: true },
      });
      try {
        await migrate(auth);
        const { email, password } = await signUp();
        now += HOUR / 2;
        const second = browser();
        expect((await second.post("/sign-in/email", { email, password })).status).toBe(200);
        // The first session (1 h) has expired; the second has 30 minutes left.
        now += (3 * HOUR) / 4;
        log.length = 0;
        const listed = await second.get<{ token: string; expiresAt: string }[]>("/list-sessions");
        expect(listed.status).toBe(200);
        expect(listed.data).toHaveLength(1);
        expect(new Date(listed.data[0]!.expiresAt).getTime()).toBeGreaterThan(now);
        const sessionTable = `${prefix}session`;
        const reads = log.filter(
          (sql) => /^\s*select/i.test(sql) && sql.includes(sessionTable) && !sql.includes("join"),
        );
        expect(reads.some((sql) => /expiresAt[`"]?\s*>\s*(\?|\$\d)/.test(sql))).toBe(true);
        // Both sessions are still stored: the expired one is left out by the query, not deleted.
        now -= HOUR;
        const earlier = await second.get<unknown[]>("/list-sessions");
        expect(earlier.data).toHaveLength(2);
      } finally {
        await opened.cleanup(auth.$context.schema);
      }
    });
  });
}
