import type { ServerResponse } from "node:http";
import { setSocketAddress } from "./context/client-ip";
import { type NodeRequest, nodeBodyStream, nodeHeaders, nodeIncoming, nodeURL } from "./node-incoming";
import { type Answer, type HeaderList, type ServesIncoming, serveIncoming } from "./router/incoming";

interface Handles {
  handler(request: Request): Promise<Response>;
}

/** Builds a Web Request from a Node request (Express may already have parsed the body). */
export function toWebRequest(req: NodeRequest, baseURL?: string): Request {
  const method = req.method ?? "GET";
  let body: BodyInit | undefined;
  if (method !== "GET" && method !== "HEAD") {
    if (req.body !== undefined && req.body !== null) {
      body = typeof req.body === "string" ? req.body : JSON.stringify(req.body);
    } else {
      body = nodeBodyStream(req);
    }
  }
  return new Request(nodeURL(req, baseURL), {
    method,
    headers: nodeHeaders(req),
    body,
    duplex: "half",
  } as RequestInit);
}

/** Status line and headers, every Set-Cookie kept as its own header. */
function writeHead(
  res: ServerResponse,
  status: number,
  statusText: string,
  headers: Headers | HeaderList,
): void {
  res.statusCode = status;
  // Only a real reason phrase: a bare number (better-call's "400") would print "400 400" on the wire.
  if (statusText && !/^\d+$/.test(statusText)) res.statusMessage = statusText;
  if (!(headers instanceof Headers)) {
    // A constant list (the endpoint set no header): no Set-Cookie in it.
    for (const [key, value] of headers) res.setHeader(key, value);
    return;
  }
  for (const [key, value] of headers) {
    if (key === "set-cookie") continue;
    res.setHeader(key, value);
  }
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
}

/** Writes a Web Response to a Node response, keeping every Set-Cookie header. */
export async function writeWebResponse(res: ServerResponse, response: Response): Promise<void> {
  writeHead(res, response.status, response.statusText, response.headers);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}

/** Writes the router's answer: a plain reply in one `end` (with its length), a Response streamed. */
function writeAnswer(res: ServerResponse, answer: Answer): Promise<void> | undefined {
  if (answer instanceof Response) return writeWebResponse(res, answer);
  writeHead(res, answer.status, answer.statusText, answer.headers);
  if (answer.body === null) res.end();
  else res.end(answer.body);
  return undefined;
}

const servesIncoming = (auth: Handles): auth is Handles & ServesIncoming =>
  typeof (auth as Partial<ServesIncoming>)[serveIncoming] === "function";

/**
 * A node:http / Express handler: `app.all("/api/auth/*", toNodeHandler(auth))` or
 * `http.createServer(toNodeHandler(auth))`. A Gatehouse instance is served straight from
 * `IncomingMessage` to `ServerResponse` (a Web `Request` is built only for handlers that read one);
 * any other `{ handler }` goes through Web `Request`/`Response`.
 */
export function toNodeHandler(auth: Handles) {
  if (servesIncoming(auth)) {
    const serve = auth[serveIncoming];
    return async (req: NodeRequest, res: ServerResponse): Promise<void> => {
      try {
        await writeAnswer(res, await serve(nodeIncoming(req)));
      } catch {
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      }
    };
  }
  return async (req: NodeRequest, res: ServerResponse): Promise<void> => {
    try {
      const request = toWebRequest(req);
      // The socket's address is the client IP unless a trusted proxy says otherwise.
      setSocketAddress(request, req.socket?.remoteAddress);
      await writeWebResponse(res, await auth.handler(request));
    } catch {
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    }
  };
}
