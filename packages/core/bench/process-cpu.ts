import { readFile } from "node:fs/promises";

const TICK_MS = 10; // Linux USER_HZ: 100 ticks per second (getconf CLK_TCK)

/**
 * CPU ms (user + system) used so far by the processes `pids` on this machine (Linux /proc): the
 * PostgreSQL backends of a benchmark's connections. A process that ended, or PostgreSQL running on
 * another machine, counts nothing. Shared by `pnpm bench` and `bench/` (HTTP comparisons).
 */
export async function processCpuMs(pids: readonly number[]): Promise<number> {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended, or it is not on this machine.
    }
  }
  return ticks * TICK_MS;
}
