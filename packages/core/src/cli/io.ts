import { createInterface } from "node:readline/promises";

/** What a command may do with the outside world: tests pass their own. */
export interface CliIo {
  readonly cwd: string;
  /** Is a person at the keyboard (stdin and stdout are terminals)? */
  readonly isTTY: boolean;
  out(text: string): void;
  err(text: string): void;
  /** Asks a yes/no question; only called when `isTTY`. */
  confirm(question: string): Promise<boolean>;
}

export function processIo(): CliIo {
  return {
    cwd: process.cwd(),
    isTTY: Boolean(process.stdin.isTTY && process.stdout.isTTY),
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    async confirm(question) {
      const rl = createInterface({ input: process.stdin, output: process.stdout });
      try {
        const answer = await rl.question(question);
        return /^y(es)?$/i.test(answer.trim());
      } finally {
        rl.close();
      }
    },
  };
}

/** A failure the CLI reports as a message (no stack trace) with exit code 1. */
export class CliError extends Error {
  override readonly name = "CliError";
}
