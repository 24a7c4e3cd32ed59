/** Log levels of spec section 9, most verbose first; the default level is "error". */
export const LOG_LEVELS = ["debug", "info", "success", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Logger {
  debug(message: string, ...args: unknown[]): void;
  info(message: string, ...args: unknown[]): void;
  success(message: string, ...args: unknown[]): void;
  warn(message: string, ...args: unknown[]): void;
  error(message: string, ...args: unknown[]): void;
}

export interface LoggerOptions {
  /** Minimum level written. Default "error". */
  readonly level?: LogLevel;
  readonly disabled?: boolean;
  /** Replace the output: receives every message at or above `level`. */
  readonly log?: (level: LogLevel, message: string, ...args: unknown[]) => void;
}

const SECRET_KEYS = /token|secret|password|authorization|cookie|code_?verifier|api[-_]?key|client_?secret/i;

/** Redacts values of secret-looking keys so that no token or secret is ever logged. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] = SECRET_KEYS.test(k) ? "[redacted]" : redact(v, depth + 1);
  return out;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const min = LOG_LEVELS.indexOf(options.level ?? "error");
  const write =
    options.log ??
    ((level: LogLevel, message: string, ...args: unknown[]) => {
      const line = `${new Date().toISOString()} ${level.toUpperCase()} [gatehouse] ${message}`;
      const sink = level === "error" ? console.error : level === "warn" ? console.warn : console.log;
      sink(line, ...args);
    });
  const at =
    (level: LogLevel) =>
    (message: string, ...args: unknown[]) => {
      if (options.disabled || LOG_LEVELS.indexOf(level) < min) return;
      write(level, message, ...args.map((a) => redact(a)));
    };
  return {
    debug: at("debug"),
    info: at("info"),
    success: at("success"),
    warn: at("warn"),
    error: at("error"),
  };
}
