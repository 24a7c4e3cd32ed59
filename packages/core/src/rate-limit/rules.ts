import type { RateLimitRule } from "../kernel/options";

/** A rule entry: limits, or `false` for "never limited". */
export type RuleEntry = RateLimitRule | false;

/** Credential endpoints: 3 requests per 10 seconds (as in better-auth). */
const STRICT: RateLimitRule = { window: 10, max: 3 };

/**
 * The built-in rules, below the plugins' and the user's. `/get-session` and `/ok` are polled by
 * clients and health checks, so they are not limited unless a rule says otherwise.
 */
export const DEFAULT_RATE_LIMIT_RULES: Readonly<Record<string, RuleEntry>> = {
  "/sign-in/*": STRICT,
  "/sign-up/*": STRICT,
  "/request-password-reset": STRICT,
  "/forget-password": STRICT,
  "/reset-password*": STRICT,
  "/change-password": STRICT,
  "/send-verification-email": STRICT,
  "/verify-email": STRICT,
  "/change-email": STRICT,
  "/get-session": false,
  "/ok": false,
};

interface CompiledTier {
  readonly exact: ReadonlyMap<string, RuleEntry>;
  /** Wildcard patterns (the part before the trailing `*`), longest first. */
  readonly prefixes: readonly (readonly [prefix: string, rule: RuleEntry])[];
}

function compileTier(rules: Readonly<Record<string, RuleEntry>>): CompiledTier {
  const exact = new Map<string, RuleEntry>();
  const prefixes: [string, RuleEntry][] = [];
  for (const [pattern, rule] of Object.entries(rules)) {
    if (pattern.endsWith("*")) prefixes.push([pattern.slice(0, -1), rule]);
    else exact.set(pattern, rule);
  }
  prefixes.sort((a, b) => b[0].length - a[0].length);
  return { exact, prefixes };
}

/** The rule of a path within one tier: an exact pattern first, then the longest matching prefix. */
function matchTier(tier: CompiledTier, path: string): RuleEntry | undefined {
  const exact = tier.exact.get(path);
  if (exact !== undefined) return exact;
  for (const [prefix, rule] of tier.prefixes) if (path.startsWith(prefix)) return rule;
  return undefined;
}

function validateRule(source: string, pattern: string, rule: RuleEntry): void {
  if (rule === false) return;
  const ok = (n: unknown, min: number) => typeof n === "number" && Number.isFinite(n) && n >= min;
  if (!ok(rule.window, Number.MIN_VALUE) || !ok(rule.max, 0)) {
    throw new Error(
      `Invalid rate-limit rule "${pattern}" (${source}): window must be a positive number of seconds and max a number >= 0.`,
    );
  }
}

/**
 * Resolves the rule of a path (relative to the base path). Precedence: the user's `customRules`,
 * then the plugins' rules (a later plugin overrides an earlier one for the same pattern), then the
 * defaults, then the global rule. Patterns are exact paths or end with `*` (prefix match).
 */
export function createRuleResolver(input: {
  global: RateLimitRule;
  custom?: Readonly<Record<string, RuleEntry>>;
  plugins?: readonly { readonly id: string; readonly rateLimit?: Readonly<Record<string, RuleEntry>> }[];
  defaults?: Readonly<Record<string, RuleEntry>>;
}): (path: string) => RuleEntry {
  validateRule("global rateLimit options", "*", input.global);
  const pluginRules: Record<string, RuleEntry> = {};
  for (const plugin of input.plugins ?? []) {
    for (const [pattern, rule] of Object.entries(plugin.rateLimit ?? {})) {
      validateRule(`plugin "${plugin.id}"`, pattern, rule);
      pluginRules[pattern] = rule;
    }
  }
  for (const [pattern, rule] of Object.entries(input.custom ?? {}))
    validateRule("customRules", pattern, rule);
  const tiers = [input.custom ?? {}, pluginRules, input.defaults ?? DEFAULT_RATE_LIMIT_RULES].map(
    compileTier,
  );
  const cache = new Map<string, RuleEntry>();
  return (path) => {
    const cached = cache.get(path);
    if (cached !== undefined) return cached;
    let rule: RuleEntry = input.global;
    for (const tier of tiers) {
      const found = matchTier(tier, path);
      if (found !== undefined) {
        rule = found;
        break;
      }
    }
    // Paths carry parameters (tokens): cache only a bounded number of them.
    if (cache.size < 1000) cache.set(path, rule);
    return rule;
  };
}
