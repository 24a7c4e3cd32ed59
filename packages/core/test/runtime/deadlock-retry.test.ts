import { describe, expect, it } from "vitest";
import { isDeadlock, mapErrors } from "../../src/adapters/kysely/errors";
import { isAdapterError } from "../../src/db/adapter";

/** A statement that deadlocks `times` times (as the driver reports it), then answers. */
function deadlocking(times: number, error: object) {
  let calls = 0;
  return {
    run: async () => {
      calls++;
      if (calls <= times) throw Object.assign(new Error("Deadlock found when trying to get lock"), error);
      return "done";
    },
    calls: () => calls,
  };
}

const MYSQL = { code: "ER_LOCK_DEADLOCK", errno: 1213 };
const POSTGRES = { code: "40P01" };

describe("deadlocked statements (Kysely adapter)", () => {
  it("recognises MySQL/MariaDB and PostgreSQL deadlocks, and nothing else", () => {
    expect(isDeadlock(Object.assign(new Error("x"), MYSQL))).toBe(true);
    expect(isDeadlock({ errno: 1213 })).toBe(true);
    expect(isDeadlock(Object.assign(new Error("x"), POSTGRES))).toBe(true);
    expect(isDeadlock({ code: "23505" })).toBe(false);
    expect(isDeadlock({ code: "40001" })).toBe(false);
    expect(isDeadlock(null)).toBe(false);
  });

  it("outside a transaction, runs a deadlocked statement again (up to 4 attempts)", async () => {
    for (const error of [MYSQL, POSTGRES]) {
      const s = deadlocking(3, error);
      await expect(mapErrors(s.run, true)).resolves.toBe("done");
      expect(s.calls()).toBe(4);
    }
    const always = deadlocking(10, MYSQL);
    const error = await mapErrors(always.run, true).catch((e: unknown) => e);
    expect(isAdapterError(error, "DEADLOCK")).toBe(true);
    expect((error as Error).cause).toMatchObject({ code: "ER_LOCK_DEADLOCK" });
    expect(always.calls()).toBe(4);
  });

  it("inside a transaction, the deadlock goes to the caller at once, as AdapterError DEADLOCK", async () => {
    for (const driverError of [MYSQL, POSTGRES]) {
      const s = deadlocking(1, driverError);
      const error = await mapErrors(s.run).catch((e: unknown) => e);
      expect(isAdapterError(error, "DEADLOCK")).toBe(true);
      expect((error as Error).cause).toMatchObject(driverError);
      expect(s.calls()).toBe(1);
    }
  });

  it("unique violations are still mapped, and never retried", async () => {
    const s = deadlocking(5, { code: "23505" });
    const error = await mapErrors(s.run, true).catch((e: unknown) => e);
    expect(isAdapterError(error, "UNIQUE_VIOLATION")).toBe(true);
    expect(s.calls()).toBe(1);
  });
});
