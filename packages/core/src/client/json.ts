/** Exactly what `JSON.stringify(new Date())` writes: the only strings turned back into dates. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

/**
 * Parses a response body. Timestamps come back as `Date` objects, so a session's `expiresAt` or a
 * user's `createdAt` has the type the server declares (better-auth's client does the same).
 * A `__proto__` key is dropped.
 */
export function parseJSON(text: string): unknown {
  return JSON.parse(text, (key, value: unknown) => {
    if (key === "__proto__") return undefined;
    if (typeof value === "string" && ISO_DATE.test(value)) {
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? value : date;
    }
    return value;
  });
}
