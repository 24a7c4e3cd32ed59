import {
  type ClientError,
  type ClientResult,
  describeError,
  syntheticError,
  toClientError,
} from "./client-error";
import { parseJSON } from "./json";
import { isRetryableStatus, normalizeRetry, type RetryOption, retryDelay, sleep } from "./retry";

export type { ClientError, ClientResult };

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface RequestHookContext {
  url: URL;
  init: RequestInit & { method: string; headers: Headers };
}
type Awaitable<T> = T | Promise<T>;

/** Options of the client (`createAuthClient({ fetchOptions })`) and of each call (`fetchOptions`). */
export interface FetchOptions {
  /** The fetch implementation. Default: the global `fetch`, looked up at call time. */
  fetch?: FetchLike;
  headers?: HeadersInit;
  /** Default: no retry. */
  retry?: RetryOption;
  /** Default "include": the session cookies travel with every call. */
  credentials?: RequestCredentials;
  signal?: AbortSignal;
  /** Extra query parameters. */
  query?: Record<string, unknown>;
  /** Default: JSON with ISO timestamps revived as `Date`. */
  jsonParser?: (text: string) => unknown;
  /** May change the URL or init (or return a replacement context). */
  onRequest?: (ctx: RequestHookContext) => Awaitable<RequestHookContext | undefined>;
  /** Gets a clone of each response, successful or not, before it is parsed. */
  onResponse?: (ctx: { url: URL; response: Response }) => Awaitable<void>;
  onSuccess?: (ctx: { url: URL; data: unknown; response: Response }) => Awaitable<void>;
  onError?: (ctx: { url: URL; error: ClientError; response: Response | null }) => Awaitable<void>;
  /** Called before each retry with the retry number (1-based) and the delay about to be waited. */
  onRetry?: (ctx: { url: URL; attempt: number; delay: number; error: ClientError }) => Awaitable<void>;
}

export interface RequestSpec {
  method: string;
  path: string;
  body?: unknown;
  query?: Record<string, unknown>;
}

export type Fetcher = <T = unknown>(spec: RequestSpec, options?: FetchOptions) => Promise<ClientResult<T>>;

function appendQuery(url: URL, query: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      const text =
        item instanceof Date ? item.toISOString() : typeof item === "object" ? JSON.stringify(item) : item;
      url.searchParams.append(key, String(text));
    }
  }
}

type Outcome =
  | { data: unknown; error: null; response: Response }
  | { error: ClientError; response: Response | null };

async function attempt(doFetch: FetchLike, ctx: RequestHookContext, o: Layers): Promise<Outcome> {
  let response: Response;
  let text: string;
  try {
    response = await doFetch(ctx.url.toString(), ctx.init);
    for (const layer of o.layers) await layer.onResponse?.({ url: ctx.url, response: response.clone() });
    text = await response.text();
  } catch (error) {
    const aborted = error instanceof Error && error.name === "AbortError";
    return aborted
      ? { error: syntheticError("Aborted", "ABORTED", describeError(error)), response: null }
      : { error: syntheticError("Network Error", "NETWORK_ERROR", describeError(error)), response: null };
  }
  let parsed: unknown = null;
  if (text !== "") {
    try {
      parsed = o.parse(text);
    } catch {
      parsed = text;
    }
  }
  return response.ok
    ? { data: parsed, error: null, response }
    : { error: toClientError(response, parsed), response };
}

interface Layers {
  layers: readonly FetchOptions[];
  parse: (text: string) => unknown;
}

/** The request pipeline: URL, JSON body, hooks, retries and the `{ data, error }` result. */
export function createFetcher(config: { baseURL: () => string; defaults?: FetchOptions }): Fetcher {
  const defaults = config.defaults ?? {};

  async function run(spec: RequestSpec, options: FetchOptions): Promise<ClientResult<unknown>> {
    const layers = [defaults, options];
    const o: Layers = { layers, parse: options.jsonParser ?? defaults.jsonParser ?? parseJSON };
    let url: URL;
    try {
      url = new URL(config.baseURL() + spec.path);
    } catch (error) {
      const message = `Invalid auth URL (${describeError(error)}); set \`baseURL\` when not running in a browser.`;
      return { data: null, error: syntheticError("Invalid URL", "INVALID_BASE_URL", message) };
    }
    appendQuery(url, { ...spec.query, ...defaults.query, ...options.query });
    const headers = new Headers(defaults.headers);
    for (const [key, value] of new Headers(options.headers)) headers.set(key, value);
    const method = spec.method.toUpperCase();
    let body: string | undefined;
    if (spec.body !== undefined && method !== "GET" && method !== "HEAD") {
      body = JSON.stringify(spec.body);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
    }
    let ctx: RequestHookContext = {
      url,
      init: {
        method,
        headers,
        body,
        credentials: options.credentials ?? defaults.credentials ?? "include",
        signal: options.signal ?? defaults.signal,
      },
    };
    for (const layer of layers) ctx = (await layer.onRequest?.(ctx)) || ctx;

    const retry = normalizeRetry(options.retry ?? defaults.retry);
    const doFetch: FetchLike =
      options.fetch ?? defaults.fetch ?? ((input, init) => globalThis.fetch(input, init));
    for (let retries = 0; ; retries++) {
      const outcome = await attempt(doFetch, ctx, o);
      if (outcome.error === null) {
        for (const layer of layers) {
          await layer.onSuccess?.({ url: ctx.url, data: outcome.data, response: outcome.response });
        }
        return { data: outcome.data, error: null };
      }
      const { error } = outcome;
      if (retry && retries < retry.attempts && error.code !== "ABORTED" && isRetryableStatus(error.status)) {
        const delay = retryDelay(retry, retries);
        for (const layer of layers)
          await layer.onRetry?.({ url: ctx.url, attempt: retries + 1, delay, error });
        await sleep(delay);
        continue;
      }
      for (const layer of layers) await layer.onError?.({ url: ctx.url, error, response: outcome.response });
      return { data: null, error };
    }
  }

  return async <T>(spec: RequestSpec, options: FetchOptions = {}) => {
    try {
      return (await run(spec, options)) as ClientResult<T>;
    } catch (error) {
      // A throwing hook or parser: still a result, never an exception.
      return { data: null, error: syntheticError("Client Error", "CLIENT_ERROR", describeError(error)) };
    }
  };
}
