import { type CookieAttributes, readCookieHeader, serializeCookie } from "../cookies/serialize";
import type { AppContext } from "./app-context";
import type { Incoming } from "./incoming";
import type { SessionWithUser } from "./models";
import type { Principal } from "./principal";

/**
 * Per-request state, created for each HTTP request or server call and never shared. The
 * AppContext (frozen, app-wide) is reached through `app`.
 */
export interface RequestContext {
  readonly app: AppContext;
  readonly request: Request | undefined;
  readonly headers: Headers;
  /** One request header (lower-case name), as `headers.get(name)`; cheaper on the Node adapter. */
  header(name: string): string | null;
  readonly responseHeaders: Headers;
  /**
   * `Cache-Control: no-store` on the answer, as `responseHeaders.set("cache-control", "no-store")`
   * (later header changes still win) without building the Headers before something else needs them.
   */
  noStore(): void;
  /** True for `auth.api.x(...)` calls made by trusted server code (not routed HTTP). */
  readonly isServerCall: boolean;
  getCookie(name: string): string | null;
  setCookie(name: string, value: string, attrs?: CookieAttributes): void;
  deleteCookie(name: string, attrs?: CookieAttributes): void;
  /** The client IP: the socket address, or a forwarding header sent by a trusted proxy; or null. */
  ip(): string | null;
  /** Resolved session, memoised for the request (undefined = not looked up yet). */
  session: SessionWithUser | null | undefined;
  /** Resolved session-less principal (an API key), memoised (undefined = not looked up yet). */
  principal: Principal | null | undefined;
}

/**
 * A class rather than an object of closures: the methods live once on the prototype, so a request
 * allocates one object (and its response Headers only when a header is set).
 */
class Context implements RequestContext {
  #headers: Headers | undefined;
  #responseHeaders: Headers | undefined;
  #noStore = false;
  session: SessionWithUser | null | undefined = undefined;
  principal: Principal | null | undefined = undefined;
  #cookies: ReadonlyMap<string, string> | undefined;
  #request: Request | undefined;
  #incoming: Incoming | undefined;

  constructor(
    readonly app: AppContext,
    request: Request | undefined,
    headers: Headers | undefined,
    readonly isServerCall: boolean,
    incoming: Incoming | undefined,
  ) {
    this.#request = request;
    this.#incoming = incoming;
    this.#headers = headers ?? request?.headers;
  }

  get responseHeaders(): Headers {
    if (!this.#responseHeaders) {
      this.#responseHeaders = new Headers();
      if (this.#noStore) this.#responseHeaders.set("cache-control", "no-store");
    }
    return this.#responseHeaders;
  }

  noStore(): void {
    if (this.#responseHeaders) this.#responseHeaders.set("cache-control", "no-store");
    else this.#noStore = true;
  }

  /** The response Headers if anything set one, else whether the answer is `no-store`. */
  replyHeaders(): Headers | boolean {
    return this.#responseHeaders ?? this.#noStore;
  }

  /** The request's Headers; on the Node adapter they are built on first read. */
  get headers(): Headers {
    this.#headers ??= this.#incoming?.headers ?? new Headers();
    return this.#headers;
  }

  header(name: string): string | null {
    return this.#incoming && !this.#headers ? this.#incoming.header(name) : this.headers.get(name);
  }

  /** A routed request's Web `Request` is built on first read (the Node adapter starts without one). */
  get request(): Request | undefined {
    if (!this.#request && this.#incoming) this.#request = this.#incoming.request();
    return this.#request;
  }

  getCookie(name: string): string | null {
    this.#cookies ??= readCookieHeader(this.header("cookie"));
    return this.#cookies.get(name) ?? null;
  }

  setCookie(name: string, value: string, attrs?: CookieAttributes): void {
    this.responseHeaders.append(
      "set-cookie",
      serializeCookie(name, value, { ...this.app.cookies.attributes, ...attrs }),
    );
  }

  deleteCookie(name: string, attrs?: CookieAttributes): void {
    this.responseHeaders.append(
      "set-cookie",
      serializeCookie(name, "", { ...this.app.cookies.attributes, ...attrs, maxAge: 0 }),
    );
  }

  ip(): string | null {
    if (!this.#incoming) return this.app.clientIp(this.headers, this.#request);
    // Forwarding headers are read one by one, without building the request's Headers.
    return this.app.clientIp({ get: (name) => this.header(name) }, this.#incoming.peer);
  }
}

/**
 * The headers a routed answer carries: the response Headers when something set one, else a
 * constant list (nothing, or `Cache-Control: no-store`), so that most answers build no Headers.
 */
export function replyHeadersOf(rc: RequestContext): Headers | boolean {
  return rc instanceof Context ? rc.replyHeaders() : rc.responseHeaders;
}

export function createRequestContext(
  app: AppContext,
  init: { request?: Request; headers?: Headers; isServerCall: boolean; incoming?: Incoming },
): RequestContext {
  return new Context(app, init.request, init.headers, init.isServerCall, init.incoming);
}
