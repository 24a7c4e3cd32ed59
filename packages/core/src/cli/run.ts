import { parseArgs } from "node:util";
import type { SqlDialect } from "../adapters/kysely/types";
import { loadConfig } from "./config";
import { type GenerateTarget, generate } from "./generate";
import { CliError, type CliIo } from "./io";
import { migrate } from "./migrate";

export const USAGE = `Usage: gatehouse <command> [options]

Commands:
  generate   Write the schema of your auth config (core models and plugins):
               --adapter prisma   models merged into prisma/schema.prisma (your own models stay)
               --adapter sql      CREATE TABLE / CREATE INDEX statements (gatehouse-<dialect>.sql)
               --adapter kysely   a Kysely migration file (migrations/<timestamp>_gatehouse.ts)
  migrate    Add the missing tables, columns and indexes to the database of your config,
             after showing them and asking (--yes applies without asking)

Options:
  -c, --config <file>     auth config exporting \`auth\` or a default (default: ./auth.ts, ./src/auth.ts, ...)
  -a, --adapter <name>    prisma | sql | kysely (generate)
  -d, --dialect <name>    postgres | mysql | sqlite (generate; default: from the configured adapter)
  -o, --output <file>     where generate writes
      --collation <name>  MySQL/MariaDB table collation for generated SQL (default utf8mb4_bin)
  -y, --yes               migrate without asking
  -h, --help              show this help`;

const TARGETS: readonly GenerateTarget[] = ["prisma", "kysely", "sql"];
const DIALECTS: readonly SqlDialect[] = ["postgres", "mysql", "sqlite"];

function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  flag: string,
): T | undefined {
  if (value === undefined) return undefined;
  const found = allowed.find((a) => a === value);
  if (!found) throw new CliError(`--${flag} must be one of ${allowed.join(", ")} (got "${value}").`);
  return found;
}

/** Runs the CLI with these arguments (without `node` and the script) and returns the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        config: { type: "string", short: "c" },
        adapter: { type: "string", short: "a" },
        dialect: { type: "string", short: "d" },
        output: { type: "string", short: "o" },
        collation: { type: "string" },
        yes: { type: "boolean", short: "y", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
    const [command, ...rest] = positionals;
    if (values.help || command === undefined || command === "help") {
      io.out(USAGE);
      return command === undefined && !values.help ? 1 : 0;
    }
    if (rest.length > 0) throw new CliError(`Unexpected argument: ${rest[0]}`);
    if (command === "generate") {
      const adapter = oneOf(values.adapter, TARGETS, "adapter");
      if (!adapter) throw new CliError("generate needs --adapter prisma|sql|kysely.");
      const dialect = oneOf(values.dialect, DIALECTS, "dialect");
      const config = await loadConfig(io.cwd, values.config);
      const commandLine = ["gatehouse", ...argv].join(" ");
      try {
        await generate(
          { adapter, dialect, output: values.output, collation: values.collation, command: commandLine },
          config,
          io,
        );
      } finally {
        await config.database?.close?.();
      }
      return 0;
    }
    if (command === "migrate") {
      const config = await loadConfig(io.cwd, values.config);
      try {
        return await migrate({ yes: values.yes }, config, io);
      } finally {
        await config.database?.close?.();
      }
    }
    throw new CliError(`Unknown command "${command}". Run \`gatehouse --help\`.`);
  } catch (error) {
    if (error instanceof CliError) {
      io.err(`gatehouse: ${error.message}`);
      return 1;
    }
    if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) {
      io.err(`gatehouse: ${error.message}\n\n${USAGE}`);
      return 1;
    }
    throw error;
  }
}
