type Awaitable<T> = T | Promise<T>;

export interface UsernameOptions {
  /** Shortest accepted username, in characters. Default 3 (spec section 9). */
  minUsernameLength?: number;
  /** Longest accepted username, in characters. Default 30 (spec section 9). */
  maxUsernameLength?: number;
  /**
   * Accepts or refuses the characters of a username as typed (before normalisation). Default:
   * letters, digits, underscore and dot (`/^[a-zA-Z0-9_.]+$/`).
   */
  usernameValidator?: (username: string) => Awaitable<boolean>;
  /** Accepts or refuses a display username. Default: any string. */
  displayUsernameValidator?: (displayUsername: string) => Awaitable<boolean>;
  /** The stored form of a username; lookups use it too. Default: lower case. */
  usernameNormalization?: (username: string) => string;
}

export interface ResolvedUsernameOptions {
  readonly minUsernameLength: number;
  readonly maxUsernameLength: number;
  readonly usernameValidator: (username: string) => Awaitable<boolean>;
  readonly displayUsernameValidator: ((displayUsername: string) => Awaitable<boolean>) | undefined;
  readonly usernameNormalization: (username: string) => string;
}

/** Letters, digits, underscore and dot (spec section 5). */
export const DEFAULT_USERNAME_PATTERN = /^[a-zA-Z0-9_.]+$/;

/** Fills in the defaults; a contradictory length range fails at init with a message saying why. */
export function resolveUsernameOptions(options: UsernameOptions = {}): ResolvedUsernameOptions {
  const min = options.minUsernameLength ?? 3;
  const max = options.maxUsernameLength ?? 30;
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 1 || min > max) {
    throw new Error(
      `username(): minUsernameLength (${min}) and maxUsernameLength (${max}) must be integers with 1 <= min <= max.`,
    );
  }
  return {
    minUsernameLength: min,
    maxUsernameLength: max,
    usernameValidator: options.usernameValidator ?? ((u) => DEFAULT_USERNAME_PATTERN.test(u)),
    displayUsernameValidator: options.displayUsernameValidator,
    usernameNormalization: options.usernameNormalization ?? ((u) => u.toLowerCase()),
  };
}
