import type { AdapterOptions, DBAdapter, Row } from "../adapter";
import type { Schema } from "../model";

/**
 * The matchers the suite uses: a structural subset of Vitest's (and Jest's) `expect`, so that the
 * suite depends on no test runner and `expect` from Vitest can be passed as is.
 */
export interface ConformanceMatchers {
  toBe(expected: unknown): void;
  toEqual(expected: unknown): void;
  toBeNull(): void;
  toHaveLength(length: number): void;
  toBeInstanceOf(expected: abstract new (...args: never[]) => unknown): void;
  toBeGreaterThan(expected: number | bigint): void;
  toBeLessThanOrEqual(expected: number | bigint): void;
  readonly not: ConformanceMatchers;
}

export type ConformanceExpect = (actual: unknown, message?: string) => ConformanceMatchers;

/** The test runner's functions (Vitest's, or any runner with the same shapes). */
export interface ConformanceTestApi {
  describe: (name: string, fn: () => void) => void;
  it: (name: string, fn: () => Promise<void> | void, timeout?: number) => void;
  expect: ConformanceExpect;
  beforeAll: (fn: () => Promise<void> | void, timeout?: number) => void;
  afterAll: (fn: () => Promise<void> | void, timeout?: number) => void;
}

export interface ConformanceTarget {
  /** e.g. "memory", "postgres". */
  name: string;
  /**
   * True when the adapter provides `updateOneWith` (its driver has `updateWith`): its tests run.
   * Otherwise the suite checks that the adapter does not expose it.
   */
  updateOneWith?: boolean;
  /**
   * Build an adapter for `schema` with `options` (includes a random tablePrefix to isolate runs);
   * create the tables (call migrate); return cleanup that drops them/closes pools.
   */
  setup(
    schema: Schema,
    options: AdapterOptions,
  ): Promise<{ adapter: DBAdapter; cleanup: () => Promise<void> }>;
}

/** What each capability file receives. */
export interface Suite {
  readonly t: ConformanceTestApi;
  /** The adapter under test (once `setup` has run). */
  db(): DBAdapter;
  /** A value unique to this run and this call: tests scope their rows with it. */
  uid(label?: string): string;
}

/** The reason `promise` rejects with; throws when it resolves instead. */
export async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("Expected the operation to fail, but it succeeded");
}

/** The values of `field` across rows, sorted (code unit order), for order-independent comparison. */
export function valuesOf(rows: readonly Row[], field: string): unknown[] {
  return rows.map((row) => row[field]).sort(byCodeUnit);
}

export function sorted<T>(values: readonly T[]): T[] {
  return [...values].sort(byCodeUnit);
}

function byCodeUnit(a: unknown, b: unknown): number {
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
