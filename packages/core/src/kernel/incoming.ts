/**
 * A routed HTTP request as the router and endpoints read it: method, URL, headers, the peer
 * address and the body's bytes. The Web handler wraps its `Request`; the Node adapter
 * (`toNodeHandler`) fills it straight from `IncomingMessage` and builds a Web `Request` only when
 * something asks for one (`request()`: hooks, raw-body handlers, a `trustedOrigins` function).
 */
export interface Incoming {
  readonly method: string;
  /** The absolute, normalised URL (as `Request.url`). */
  readonly url: string;
  /**
   * The URL's path and query (`?` included, or ""), when the adapter knows them without a URL
   * parse; else the router splits `url`.
   */
  readonly target?: { readonly pathname: string; readonly search: string } | undefined;
  /** Web Headers (the Node adapter builds them on first read). */
  readonly headers: Headers;
  /** One header's value as `headers.get(name)` gives it (lower-case name), without building Headers. */
  header(name: string): string | null;
  /** The socket's address (Node adapter), normalised; undefined when unknown. */
  readonly peer: string | undefined;
  /** A body may follow: not GET/HEAD, and the source has one. */
  readonly hasBody: boolean;
  /** The Web `Request`: the Web handler's own, or built on first call. */
  request(): Request;
  /** The body's bytes, refusing (413) past `limit`; a broken stream is a 400. Read once. */
  readBytes(limit: number): Promise<Uint8Array>;
}
