import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { record } from "./counters";

const here = dirname(fileURLToPath(import.meta.url));
const coreDir = join(here, "../..");
const running = new Set<ChildProcess>();

export interface Child {
  /** Resolves once the output holds `text`; fails (with the output) if the process exits first. */
  waitFor(text: string): Promise<void>;
  /** Writes a line to the child's stdin. */
  send(line: string): void;
  output(): string;
  /** Resolves with the exit signal or code. */
  readonly exited: Promise<NodeJS.Signals | number | null>;
  /** SIGKILLs the process and checks it died of it (counted in the report's kills). */
  kill(): Promise<void>;
}

/** Starts crash-child.ts with these GATEHOUSE_REL_* variables. */
export function startChild(env: Record<string, string>): Child {
  const child = spawn(
    process.execPath,
    ["--conditions=gatehouse-source", "--import", "tsx", join(here, "crash-child.ts")],
    { cwd: coreDir, env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] },
  );
  running.add(child);
  const chunks: Buffer[] = [];
  const output = () => Buffer.concat(chunks).toString();
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    chunks.push(d);
    for (const l of listeners) l();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on("exit", (code, signal) => {
      running.delete(child);
      resolve(signal ?? code);
    }),
  );
  return {
    output,
    exited,
    waitFor(text) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!output().includes(text)) return;
          listeners.delete(check);
          resolve();
        };
        listeners.add(check);
        check();
        void exited.then(() => {
          // Let the last output chunks arrive before deciding.
          setTimeout(() => {
            if (output().includes(text)) resolve();
            else reject(new Error(`child exited before printing ${text}:\n${output()}`));
          }, 50);
        });
      });
    },
    send(line) {
      child.stdin?.write(`${line}\n`);
    },
    async kill() {
      child.kill("SIGKILL");
      expect(await exited).toBe("SIGKILL");
      record({ kills: 1 });
    },
  };
}

/** The DONE line's JSON. */
export function doneResult<T>(child: Child): T {
  const line = child
    .output()
    .split("\n")
    .find((l) => l.startsWith("DONE "));
  if (!line) throw new Error(`no DONE line:\n${child.output()}`);
  return JSON.parse(line.slice(5)) as T;
}

/** Kills whatever child a failed test left running. */
export function killLeftovers(): void {
  for (const child of running) child.kill("SIGKILL");
}
