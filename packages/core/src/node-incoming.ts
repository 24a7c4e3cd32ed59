import type { IncomingMessage } from "node:http";
import { normaliseAddress, setSocketAddress } from "./context/client-ip";
import { AUTH_ERRORS } from "./kernel/errors";
import { concatChunks, declaredTooLarge, type Incoming } from "./router/incoming";

/** A Node request; Express may already have parsed the body into `req.body`. */
export type NodeRequest = IncomingMessage & { body?: unknown };

/** The absolute URL of a Node request, normalised as `new Request(url)` would have it. */
export function nodeURL(req: NodeRequest, baseURL?: string): string {
  if (baseURL) return new URL(req.url ?? "/", baseURL).href;
  const host = req.headers["x-forwarded-host"] ?? req.headers.host ?? "localhost";
  const proto =
    req.headers["x-forwarded-proto"] ??
    ((req.socket as { encrypted?: boolean }).encrypted ? "https" : "http");
  return new URL(req.url ?? "/", `${proto}://${host}`).href;
}

/** One header as `Headers.get` would give it from `nodeHeaders(req)` (values of a repeat joined by ", "). */
function nodeHeader(req: NodeRequest, name: string): string | null {
  const value = req.headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

/** The Node request's headers as Web Headers (repeated headers keep every value). */
export function nodeHeaders(req: NodeRequest): Headers {
  const headers = new Headers();
  const raw = req.headers;
  for (const key in raw) {
    const value = raw[key];
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  return headers;
}

const hasBodyMethod = (method: string) => method !== "GET" && method !== "HEAD";

/** A body Express already parsed, as the text the client sent (JSON for objects). */
function parsedBody(req: NodeRequest): string | undefined {
  if (req.body === undefined || req.body === null) return undefined;
  return typeof req.body === "string" ? req.body : JSON.stringify(req.body);
}

/** The request body as a Web stream (for a Web `Request`). */
export function nodeBodyStream(req: NodeRequest): ReadableStream<Uint8Array> {
  // After a reader cancels (413), the socket's late events must not touch the closed stream.
  let cancelled = false;
  return new ReadableStream({
    start(controller) {
      req.on("data", (chunk: Buffer) => {
        if (!cancelled) controller.enqueue(new Uint8Array(chunk));
      });
      req.on("end", () => {
        if (!cancelled) controller.close();
      });
      req.on("error", (error) => {
        if (!cancelled) controller.error(error);
      });
    },
    cancel() {
      cancelled = true;
      // The rest is drained, not kept, so a keep-alive connection stays usable.
      req.resume();
    },
  });
}

/** Reads the body from the socket: 413 past `limit`, 400 when the client goes away first. */
function readNodeBody(req: NodeRequest, limit: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const finish = (error: unknown, bytes?: Uint8Array) => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
      if (error) reject(error);
      else resolve(bytes!);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        // The rest is drained (not kept) so a keep-alive connection stays usable.
        req.resume();
        finish(AUTH_ERRORS.REQUEST_BODY_TOO_LARGE());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish(undefined, concatChunks(chunks, size));
    const onError = () => finish(AUTH_ERRORS.INVALID_BODY_PARAMETERS());
    const onClose = () => {
      if (!req.complete) finish(AUTH_ERRORS.INVALID_BODY_PARAMETERS());
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}

/** Request targets whose path and query `new URL` keeps as they are (no encoding, no dot segments). */
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;
const PLAIN_QUERY = /^[A-Za-z0-9\-._~!$&()*+,;=:@/?%]*$/;

/** The last origin seen to parse (most servers see one host): `nodeURL` would not throw on it. */
let parsedOrigin: string | undefined;

/**
 * The path and query of a plain request target, as the router would split `nodeURL(req)`, without
 * a URL parse; undefined when the URL parser might change it (then the full URL is parsed).
 */
function plainTarget(req: NodeRequest): { pathname: string; search: string } | undefined {
  const raw = req.url;
  if (!raw) return undefined;
  const headers = req.headers;
  const proto =
    headers["x-forwarded-proto"] ?? ((req.socket as { encrypted?: boolean }).encrypted ? "https" : "http");
  if (proto !== "http" && proto !== "https") return undefined;
  const question = raw.indexOf("?");
  const pathname = question < 0 ? raw : raw.slice(0, question);
  const search = question < 0 ? "" : raw.slice(question);
  if (!PLAIN_PATH.test(pathname) || DOT_SEGMENT.test(pathname)) return undefined;
  if (search && !PLAIN_QUERY.test(search)) return undefined;
  // A host `new URL` refuses must still fail as it did (a 500), so the origin is parsed once.
  const origin = `${proto}://${headers["x-forwarded-host"] ?? headers.host ?? "localhost"}`;
  if (origin !== parsedOrigin) {
    new URL(raw, origin);
    parsedOrigin = origin;
  }
  return { pathname, search };
}

/**
 * A Node request as the router reads it, without a Web `Request`: method, URL, headers and the
 * socket address come straight from `IncomingMessage`, the body is read from it on demand. A Web
 * `Request` is built only when something asks for one (with the bytes already read, if any). A
 * class: one object per request, its methods shared; the URL and peer address are made on first read.
 */
class NodeIncoming implements Incoming {
  readonly method: string;
  readonly hasBody: boolean;
  readonly target: { pathname: string; search: string } | undefined;
  #url: string | undefined;
  #headers: Headers | undefined;
  #request: Request | undefined;
  #read: Uint8Array | undefined;

  constructor(
    private readonly req: NodeRequest,
    private readonly baseURL: string | undefined,
  ) {
    this.method = req.method ?? "GET";
    this.hasBody = hasBodyMethod(this.method);
    this.target = baseURL === undefined ? plainTarget(req) : undefined;
    if (!this.target) this.#url = nodeURL(req, baseURL);
  }

  get url(): string {
    this.#url ??= nodeURL(this.req, this.baseURL);
    return this.#url;
  }

  get headers(): Headers {
    this.#headers ??= nodeHeaders(this.req);
    return this.#headers;
  }

  get peer(): string | undefined {
    return normaliseAddress(this.req.socket?.remoteAddress);
  }

  header(name: string): string | null {
    return nodeHeader(this.req, name);
  }

  request(): Request {
    if (this.#request) return this.#request;
    const { req, method } = this;
    let body: BodyInit | undefined;
    if (this.hasBody)
      body = (this.#read as Uint8Array<ArrayBuffer> | undefined) ?? parsedBody(req) ?? nodeBodyStream(req);
    this.#request = new Request(this.url, {
      method,
      headers: this.headers,
      body,
      duplex: "half",
    } as RequestInit);
    setSocketAddress(this.#request, req.socket?.remoteAddress);
    return this.#request;
  }

  async readBytes(limit: number): Promise<Uint8Array> {
    const { req } = this;
    if (declaredTooLarge(nodeHeader(req, "content-length"), limit))
      throw AUTH_ERRORS.REQUEST_BODY_TOO_LARGE();
    const parsed = parsedBody(req);
    if (parsed !== undefined) {
      const bytes = new TextEncoder().encode(parsed);
      if (bytes.byteLength > limit) throw AUTH_ERRORS.REQUEST_BODY_TOO_LARGE();
      this.#read = bytes;
      return bytes;
    }
    this.#read = await readNodeBody(req, limit);
    return this.#read;
  }
}

export function nodeIncoming(req: NodeRequest, baseURL?: string): Incoming {
  return new NodeIncoming(req, baseURL);
}
