import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { createHashQueue, defaultHashConcurrency } from "../../src/crypto/hash-queue";
import { createTestAuth } from "../../src/testing";

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A task recording how many run at once and the order they started in. */
function probe() {
  let inFlight = 0;
  let max = 0;
  const started: number[] = [];
  const task =
    (n: number, ms = 5) =>
    async () => {
      started.push(n);
      inFlight++;
      max = Math.max(max, inFlight);
      await tick(ms);
      inFlight--;
      return n;
    };
  return { task, started, max: () => max };
}

describe("bounded password hashing pool", () => {
  it("runs at most `size` tasks at once, the rest in arrival order", async () => {
    for (const size of [1, 2, 3]) {
      const queue = createHashQueue(size);
      const p = probe();
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => queue.run(p.task(i))));
      expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(p.max()).toBe(size);
      expect(p.started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect([queue.running, queue.waiting]).toEqual([0, 0]);
    }
  });

  it("a failing task frees its slot; the failure reaches its caller only", async () => {
    const queue = createHashQueue(1);
    const failed = queue.run(async () => {
      throw new Error("boom");
    });
    const next = queue.run(async () => "ok");
    await expect(failed).rejects.toThrow("boom");
    expect(await next).toBe("ok");
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it("counts what runs and what waits", async () => {
    const queue = createHashQueue(2);
    const p = probe();
    const all = Array.from({ length: 5 }, (_, i) => queue.run(p.task(i, 20)));
    expect([queue.running, queue.waiting]).toEqual([2, 3]);
    await Promise.all(all);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it("refuses a size that is not a whole number >= 1", () => {
    for (const size of [0, -1, 1.5, Number.NaN]) expect(() => createHashQueue(size)).toThrow(/concurrency/);
  });

  it("defaults to every core but one, at least one", () => {
    expect(defaultHashConcurrency()).toBe(Math.max(1, availableParallelism() - 1));
  });

  it("sign-ups queue their hashes (custom hashers too) while a session read goes straight through", async () => {
    const p = probe();
    let n = 0;
    const { signUp, browser } = createTestAuth({
      emailAndPassword: {
        enabled: true,
        password: {
          concurrency: 1,
          hash: async (password) => `h:${await p.task(n++, 40)()}:${password}`,
          verify: async ({ hash, password }) => hash.endsWith(`:${password}`),
        },
      },
    });
    const { browser: reader } = await signUp({ email: "reader@example.com" });
    const before = n;
    const order: string[] = [];
    const storm = Array.from({ length: 5 }, (_, i) =>
      browser()
        .post("/sign-up/email", { name: "S", email: `storm${i}@example.com`, password: "storm-password-1" })
        .then((r) => {
          expect(r.status).toBe(200);
          order.push(`sign-up ${i}`);
        }),
    );
    await tick(10);
    const read = await reader.get<{ user: { email: string } }>("/get-session");
    order.push("read");
    expect(read.data.user.email).toBe("reader@example.com");
    await Promise.all(storm);
    expect(n - before).toBe(5);
    expect(p.max()).toBe(1);
    // Five 40 ms hashes one after the other: the read answered long before the last one.
    expect(order.indexOf("read")).toBeLessThan(order.indexOf("sign-up 4"));
    expect(order[0]).toBe("read");
  });
});
