import type { IncomingMessage, ServerResponse } from "node:http";
import { setSocketAddress } from "./context/client-ip";

interface Handles {
  handler(request: Request): Promise<Response>;
}

/** Builds a Web Request from a Node request (Express may already have parsed the body). */
export function toWebRequest(req: IncomingMessage & { body?: unknown }, baseURL?: string): Request {
  const host = req.headers["x-forwarded-host"] ?? req.headers.host ?? "localhost";
  const proto =
    req.headers["x-forwarded-proto"] ??
    ((req.socket as { encrypted?: boolean }).encrypted ? "https" : "http");
  const url = new URL(req.url ?? "/", baseURL ?? `${proto}://${host}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  let body: BodyInit | undefined;
  if (hasBody) {
    if (req.body !== undefined && req.body !== null) {
      body = typeof req.body === "string" ? req.body : JSON.stringify(req.body);
    } else {
      body = new ReadableStream({
        start(controller) {
          req.on("data", (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
          req.on("end", () => controller.close());
          req.on("error", (error) => controller.error(error));
        },
      });
    }
  }
  return new Request(url, { method, headers, body, duplex: "half" } as RequestInit);
}

/** Writes a Web Response to a Node response, keeping every Set-Cookie header. */
export async function writeWebResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  // Only a real reason phrase: a bare number (better-call's "400") would print "400 400" on the wire.
  if (response.statusText && !/^\d+$/.test(response.statusText)) res.statusMessage = response.statusText;
  const cookies = response.headers.getSetCookie();
  for (const [key, value] of response.headers) {
    if (key === "set-cookie") continue;
    res.setHeader(key, value);
  }
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
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

/**
 * A node:http / Express handler: `app.all("/api/auth/*", toNodeHandler(auth))` or
 * `http.createServer(toNodeHandler(auth))`.
 */
export function toNodeHandler(auth: Handles) {
  return async (req: IncomingMessage & { body?: unknown }, res: ServerResponse): Promise<void> => {
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
