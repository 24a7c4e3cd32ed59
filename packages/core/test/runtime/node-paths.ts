import { createServer, request as httpRequest, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { defineEndpoint } from "../../src/kernel/endpoint";
import { definePlugin } from "../../src/kernel/plugin";
import { toNodeHandler } from "../../src/node";
import { redirectTo } from "../../src/router/compile";
import { createTestAuth } from "../../src/testing";

/*
 * Shared by node-fast-path*.test.ts: a probe plugin, one instance served twice (toNodeHandler's
 * fast path, and the Web path: Web Request in, Web Response out), and a raw HTTP client that
 * records status, reason, every header and the body bytes.
 */

export const LIMIT = 2048;
/** Calls of the echo probe (a body that never arrived must not reach it). */
export const probeCalls = { echoed: 0 };

export const probe = definePlugin({
  id: "nodeprobe",
  endpoints: {
    echo: defineEndpoint(
      { method: "POST", path: "/probe/echo" },
      {
        handler: ({ body }) => {
          probeCalls.echoed++;
          return { body: body ?? null };
        },
      },
    ),
    raw: defineEndpoint(
      { method: "POST", path: "/probe/raw" },
      {
        rawBody: true,
        handler: async ({ request }) => ({
          text: await request!.text(),
          method: request!.method,
          url: request!.url,
          header: request!.headers.get("x-probe"),
        }),
      },
    ),
    ip: defineEndpoint({ method: "GET", path: "/probe/ip" }, { handler: ({ rc }) => ({ ip: rc.ip() }) }),
    stream: defineEndpoint(
      { method: "GET", path: "/probe/stream" },
      {
        handler: ({ rc }) => {
          rc.setCookie("streamed", "1");
          const parts = ["one,", "two,", "three"];
          return new Response(
            new ReadableStream({
              pull(controller) {
                const next = parts.shift();
                if (next === undefined) controller.close();
                else controller.enqueue(new TextEncoder().encode(next));
              },
            }),
            { headers: { "content-type": "text/plain" } },
          );
        },
      },
    ),
    redirect: defineEndpoint(
      { method: "GET", path: "/probe/redirect" },
      {
        handler: ({ rc }) => {
          rc.setCookie("a", "1");
          rc.setCookie("b", "2");
          throw redirectTo(rc, "/somewhere");
        },
      },
    ),
    crash: defineEndpoint(
      { method: "GET", path: "/probe/crash" },
      {
        handler: () => {
          throw new Error("boom");
        },
      },
    ),
  },
});

const servers: Server[] = [];

export async function listen(handler: RequestListener): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return (server.address() as AddressInfo).port;
}

/** One instance served twice: the fast path, and (without its routed entry) the Web path. */
export async function servePaths() {
  const test = createTestAuth({
    plugins: [probe],
    logger: { disabled: true },
    advanced: { maxBodySize: LIMIT },
  });
  const fast = await listen(toNodeHandler(test.auth));
  const web = await listen(toNodeHandler({ handler: (request) => test.auth.handler(request) }));
  return { ...test, fast, web };
}

export async function closeServers(): Promise<void> {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
}

export interface Sent {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** Written in these chunks (chunked transfer unless a content-length header is given). */
  chunks?: string[];
}

export interface Seen {
  status: number;
  reason: string;
  headers: [string, string][];
  body: string;
}

/** Headers that legitimately differ: the clock, framing (length vs chunked), connection handling. */
const FRAMING = new Set(["date", "content-length", "transfer-encoding", "connection", "keep-alive"]);

export function send(port: number, sent: Sent): Promise<Seen & { contentLength: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: sent.method ?? "GET",
        path: sent.path,
        headers: sent.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const headers: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i]!.toLowerCase();
            if (!FRAMING.has(name)) headers.push([name, res.rawHeaders[i + 1]!]);
          }
          resolve({
            status: res.statusCode ?? 0,
            reason: res.statusMessage ?? "",
            headers,
            // Each server has its own port; a URL echoed back differs only there.
            body: Buffer.concat(chunks).toString("utf8").replaceAll(`:${port}/`, ":<port>/"),
            contentLength: res.headers["content-length"],
          });
        });
      },
    );
    req.on("error", reject);
    for (const chunk of sent.chunks ?? []) req.write(chunk);
    req.end();
  });
}

export const json = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json", origin: "http://localhost:3000" },
  chunks: [JSON.stringify(body)],
});
