import { toResponse } from "better-call";
import { type Answer, type HeaderList, type ReplyHeaders, toHeaders, toWebResponse } from "./incoming";

const JSON_HEADERS: HeaderList = [["content-type", "application/json"]];
const JSON_NO_STORE_HEADERS: HeaderList = [
  ["cache-control", "no-store"],
  ["content-type", "application/json"],
];

/** Request-only and hop-by-hop headers never belong on a response (better-call strips the same). */
const REQUEST_ONLY_HEADERS = new Set([
  "host",
  "user-agent",
  "referer",
  "from",
  "expect",
  "authorization",
  "proxy-authorization",
  "cookie",
  "origin",
  "accept-charset",
  "accept-encoding",
  "accept-language",
  "if-match",
  "if-none-match",
  "if-modified-since",
  "if-unmodified-since",
  "if-range",
  "range",
  "max-forwards",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "te",
  "upgrade",
  "trailer",
  "proxy-connection",
  "content-length",
]);

/**
 * A value better-call would answer as JSON with `safeStringify`: null, an array, or a plain object
 * that is not a Response, an APIError, a `json()` result or a binary view. Anything else goes to
 * better-call's `toResponse`, which stays the reference for the rare shapes.
 */
function isPlainJSON(value: unknown): value is object | null {
  if (value === null) return true;
  if (typeof value !== "object") return false;
  if (Array.isArray(value)) return true;
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  const record = value as Record<string, unknown>;
  return !record.buffer && record._flag !== "json" && record.name !== "APIError";
}

function stripRequestOnlyHeaders(headers: Headers) {
  const found: string[] = [];
  for (const name of headers.keys()) if (REQUEST_ONLY_HEADERS.has(name)) found.push(name);
  for (const name of found) headers.delete(name);
}

/*
 * Values whose JSON is already known: an endpoint that answers the same unchanging object again
 * (get-session from one cookie-cache cookie) registers its text once, and `reply` writes that text
 * instead of serialising the object on every request. Weak: an entry lives as long as its value.
 */
const knownJSON = new WeakMap<object, string>();

/**
 * Registers `json` as the serialisation of `value` and freezes `value` (the text stays true only
 * while the value does not change). The caller passes `JSON.stringify(value)` or the same text.
 */
export function withKnownJSON<T extends object>(value: T, json: string): Readonly<T> {
  knownJSON.set(value, json);
  return Object.freeze(value);
}

/**
 * The handler's value as better-call's `toResponse` makes it; plain JSON (the common case) as a
 * `Reply` the Node adapter writes without a Web `Response`.
 */
export function reply(value: unknown, headers: ReplyHeaders): Answer {
  if (isPlainJSON(value)) {
    let body: string;
    try {
      body = (value !== null && knownJSON.get(value)) || JSON.stringify(value);
    } catch {
      // BigInt values and circular references: better-call's serialiser handles both.
      return toResponse(value, { headers: toHeaders(headers) });
    }
    if (!(headers instanceof Headers))
      return { status: 200, statusText: "", headers: headers ? JSON_NO_STORE_HEADERS : JSON_HEADERS, body };
    stripRequestOnlyHeaders(headers);
    headers.set("content-type", "application/json");
    return { status: 200, statusText: "", headers, body };
  }
  return toResponse(value, { headers: toHeaders(headers) });
}

/** The handler's value as a Web Response, as better-call's `toResponse` makes it. */
export function respond(value: unknown, headers: Headers): Response {
  return toWebResponse(reply(value, headers));
}
