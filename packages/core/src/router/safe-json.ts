/**
 * JSON parsing that rejects prototype-pollution payloads (spec section 8, "Other"): any
 * `__proto__` key, and a `constructor` key whose value carries `prototype`. The keys are checked
 * after parsing, so an escaped spelling (`"\u005f_proto__"`) is caught too. The common case pays
 * nothing extra: the reviver only runs when the text mentions one of those names or has an escape.
 */
export class PrototypePollutionError extends Error {}

function reviver(key: string, value: unknown): unknown {
  if (key === "__proto__") throw new PrototypePollutionError("__proto__ key in JSON");
  if (key === "constructor" && value !== null && typeof value === "object" && "prototype" in value) {
    throw new PrototypePollutionError("constructor.prototype in JSON");
  }
  return value;
}

export function safeJsonParse(text: string): unknown {
  if (text.includes("__proto__") || text.includes("constructor") || text.includes("\\u")) {
    return JSON.parse(text, reviver);
  }
  return JSON.parse(text);
}
