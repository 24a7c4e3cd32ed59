/**
 * A bounded pool for slow CPU work (password hashing): at most `size` tasks run at once, the rest
 * wait in arrival order. scrypt runs on libuv's thread pool (4 threads by default), so without a
 * bound a burst of sign-ups takes every core and the event loop, and the database driver with it,
 * waits behind the hashes: reads are starved. With one core left free, reads stay fast while the
 * hashes queue.
 */
export interface HashQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now and tasks waiting (for metrics and tests). */
  readonly running: number;
  readonly waiting: number;
}

export function createHashQueue(size: number): HashQueue {
  if (!Number.isInteger(size) || size < 1)
    throw new Error(`password hashing concurrency must be a whole number >= 1 (got ${size})`);
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    async run(task) {
      if (running < size) running++;
      // A finished task hands its slot straight to the next waiter (running stays the same).
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

/** The default pool size: every core but one (at least one), so one is left to the event loop. */
export function defaultHashConcurrency(): number {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const os = proc?.getBuiltinModule?.("node:os") as { availableParallelism?: () => number } | undefined;
  const cores =
    os?.availableParallelism?.() ??
    (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ??
    2;
  return Math.max(1, cores - 1);
}
