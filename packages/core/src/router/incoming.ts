import { socketAddressOf } from "../context/client-ip";
import { AUTH_ERRORS } from "../kernel/errors";
import type { Incoming } from "../kernel/incoming";

export type { Incoming };

/** 413 when the declared length (the Content-Length value) is over the limit (checked before anything is read). */
export function declaredTooLarge(length: string | null, limit: number): boolean {
  return length !== null && Number(length) > limit;
}

/** Collects chunks into one array (no copy for a single chunk). */
export function concatChunks(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * Reads a Web body stream to at most `limit` bytes, whatever the declared length says: past it the
 * stream is cancelled and `tooLarge()` thrown; a stream that fails mid-way is a 400. Shared by the
 * router and by endpoints that read raw bodies (file uploads).
 */
export async function readBodyAtMost(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  tooLarge: () => Error,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch {
      throw AUTH_ERRORS.INVALID_BODY_PARAMETERS();
    }
    if (step.done) break;
    size += step.value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(step.value);
  }
  return concatChunks(chunks, size);
}

/** The router's read: 413 on a declared or actual length past `limit`. */
async function readStream(request: Request, limit: number): Promise<Uint8Array> {
  if (declaredTooLarge(request.headers.get("content-length"), limit))
    throw AUTH_ERRORS.REQUEST_BODY_TOO_LARGE();
  return readBodyAtMost(request.body, limit, () => AUTH_ERRORS.REQUEST_BODY_TOO_LARGE());
}

/** The Web handler's request as an `Incoming`. */
export function fromWebRequest(request: Request): Incoming {
  return {
    method: request.method,
    url: request.url,
    headers: request.headers,
    header: (name) => request.headers.get(name),
    peer: socketAddressOf(request),
    hasBody: request.body !== null,
    request: () => request,
    readBytes: (limit) => readStream(request, limit),
  };
}

/**
 * A routed endpoint's response headers: the Headers it set, or, when it set none, whether the
 * answer is `Cache-Control: no-store` (true) or has no headers of its own (false).
 */
export type ReplyHeaders = Headers | boolean;

/** Header lists of answers whose endpoint set no header, in Headers' (sorted) order. */
export type HeaderList = readonly (readonly [string, string])[];

/** What the router answers when the value is plain JSON or nothing: written without a Web `Response`. */
export interface Reply {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers | HeaderList;
  readonly body: string | null;
}

/** The response Headers of a routed endpoint (built now if it set none). */
export function toHeaders(headers: ReplyHeaders): Headers {
  if (headers instanceof Headers) return headers;
  return headers ? new Headers({ "cache-control": "no-store" }) : new Headers();
}

export type Answer = Reply | Response;

/** An answer as the Web `Response` the Web handler returns. */
export function toWebResponse(answer: Answer): Response {
  if (answer instanceof Response) return answer;
  return new Response(answer.body, {
    status: answer.status,
    statusText: answer.statusText,
    headers: answer.headers as HeadersInit,
  });
}

/** The auth instance's routed entry for adapters that do not start from a Web `Request`. */
export const serveIncoming: unique symbol = Symbol.for("gatehouse.serveIncoming");

export interface ServesIncoming {
  [serveIncoming](incoming: Incoming): Promise<Answer>;
}
