import { createServer, request as httpRequest, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toNodeHandler } from "../../src/node";
import { definePlugin } from "../../src/plugin/define-plugin";
import { redirectTo } from "../../src/router/compile";
import { defineEndpoint } from "../../src/router/endpoint";
import { createTestAuth } from "../../src/testing";

/*
 * toNodeHandler serves a Gatehouse instance straight from IncomingMessage to ServerResponse. The
 * same instance is also served through the Web path (Web Request in, Web Response out) and every
 * request below goes to both: status, reason, headers (every Set-Cookie), and body bytes must match.
 * The one intended difference: a plain JSON reply is sent with its Content-Length instead of chunked.
 */

const LIMIT = 2048;
let echoed = 0;

const probe = definePlugin({
  id: "nodeprobe",
  endpoints: {
    echo: defineEndpoint(
      { method: "POST", path: "/probe/echo" },
      {
        handler: ({ body }) => {
          echoed++;
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

const { auth, signUp } = createTestAuth({
  plugins: [probe],
  logger: { disabled: true },
  advanced: { maxBodySize: LIMIT },
});
const servers: Server[] = [];
let fast = 0;
let web = 0;

async function listen(handler: RequestListener): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  fast = await listen(toNodeHandler(auth));
  // Without the instance's routed entry, toNodeHandler takes the Web path.
  web = await listen(toNodeHandler({ handler: (request) => auth.handler(request) }));
});
afterAll(async () => {
  for (const s of servers) await new Promise((r) => s.close(r));
});

interface Sent {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** Written in these chunks (chunked transfer unless a content-length header is given). */
  chunks?: string[];
}

interface Seen {
  status: number;
  reason: string;
  headers: [string, string][];
  body: string;
}

/** Headers that legitimately differ: the clock, framing (length vs chunked), connection handling. */
const FRAMING = new Set(["date", "content-length", "transfer-encoding", "connection", "keep-alive"]);

function send(port: number, sent: Sent): Promise<Seen & { contentLength: string | undefined }> {
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

const json = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json", origin: "http://localhost:3000" },
  chunks: [JSON.stringify(body)],
});

describe("toNodeHandler fast path", () => {
  it("answers as the Web path does: status, reason, headers, every Set-Cookie, body", async () => {
    const { browser } = await signUp({ email: "node-fast@example.com" });
    const cookie = browser.cookieHeader();
    const big = "x".repeat(LIMIT);
    const requests: Sent[] = [
      { path: "/api/auth/ok" },
      { path: "/api/auth/ok?x=1&x=2#frag" },
      { method: "HEAD", path: "/api/auth/ok" },
      { path: "/api/auth/nope" },
      { path: "/api/auth/ok/" },
      { path: "/api/auth/./ok" },
      { path: "/api/auth/x/../ok" },
      { path: "/elsewhere" },
      { path: "/api/auth/get-session" },
      { path: "/api/auth/get-session", headers: { cookie } },
      { path: "/api/auth/get-session", headers: { cookie: "gatehouse.session_token=forged.sig" } },
      { path: "/api/auth/list-sessions", headers: { cookie } },
      { path: "/api/auth/list-sessions" },
      { path: "/api/auth/probe/echo", ...json({ a: 1, nested: { b: [1, 2] } }) },
      {
        method: "POST",
        path: "/api/auth/probe/echo",
        headers: { "content-type": "application/json" },
        chunks: ['{"split":', '"across', ' chunks"}'],
      },
      {
        method: "POST",
        path: "/api/auth/probe/echo",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        chunks: ["a=1&b=two"],
      },
      { method: "POST", path: "/api/auth/probe/echo", headers: { "content-type": "application/json" } },
      {
        method: "POST",
        path: "/api/auth/probe/echo",
        headers: { "content-type": "application/json" },
        chunks: ["{nope"],
      },
      {
        method: "POST",
        path: "/api/auth/probe/echo",
        headers: { "content-type": "application/json" },
        chunks: ['{"__proto__":{"x":1}}'],
      },
      // Too large: declared, and streamed past the limit without a declared length.
      {
        method: "POST",
        path: "/api/auth/probe/echo",
        headers: { "content-type": "application/json", "content-length": String(big.length + 10) },
        chunks: [`{"a":"${big}"}`],
      },
      {
        method: "POST",
        path: "/api/auth/probe/echo",
        headers: { "content-type": "application/json" },
        chunks: ['{"a":"', big, '"}'],
      },
      {
        method: "POST",
        path: "/api/auth/probe/raw",
        headers: { "content-type": "text/plain", "x-probe": "seen" },
        chunks: ["raw ", "bytes"],
      },
      { path: "/api/auth/probe/ip" },
      { path: "/api/auth/probe/stream" },
      { path: "/api/auth/probe/redirect" },
      { path: "/api/auth/probe/crash" },
      // A cookie-bearing POST from an untrusted origin: 403 before the body is read.
      { path: "/api/auth/sign-out", ...json({}), headers: { cookie, origin: "https://evil.test" } },
      {
        path: "/api/auth/sign-in/email",
        ...json({ email: "node-fast@example.com", password: "wrong-password-1" }),
      },
    ];
    for (const sent of requests) {
      const a = await send(fast, sent);
      const b = await send(web, sent);
      const { contentLength: _a, ...fastSeen } = a;
      const { contentLength: _b, ...webSeen } = b;
      expect({ path: sent.path, method: sent.method, ...fastSeen }).toEqual({
        path: sent.path,
        method: sent.method,
        ...webSeen,
      });
    }
    const ok = await send(fast, { path: "/api/auth/ok" });
    expect(ok.body).toBe('{"ok":true}');
    expect(ok.contentLength).toBe("11");
    const raw = await send(fast, requests[21]!);
    expect(JSON.parse(raw.body)).toEqual({
      text: "raw bytes",
      method: "POST",
      url: "http://127.0.0.1:<port>/api/auth/probe/raw",
      header: "seen",
    });
    expect((await send(fast, { path: "/api/auth/probe/ip" })).body).toBe('{"ip":"127.0.0.1"}');
    const redirect = await send(fast, { path: "/api/auth/probe/redirect" });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.filter(([k]) => k === "set-cookie")).toHaveLength(2);
    const tooLarge = await send(fast, requests[20]!);
    expect(tooLarge.status).toBe(413);
  });

  it("sign-up answers alike, with every Set-Cookie, on both paths", async () => {
    const up = (port: number, email: string) =>
      send(port, {
        path: "/api/auth/sign-up/email",
        ...json({ name: "N", email, password: "password-123" }),
      });
    const a = await up(fast, "fast-signup@example.com");
    const b = await up(web, "web-signup@example.com");
    const shape = (seen: Seen) => ({
      status: seen.status,
      headers: seen.headers.map(([k, v]) => [k, k === "set-cookie" ? v.replace(/=[^;]*/, "=<value>") : v]),
      keys: Object.keys(JSON.parse(seen.body) as object).sort(),
    });
    expect(a.status).toBe(200);
    expect(a.headers.filter(([k]) => k === "set-cookie").length).toBeGreaterThanOrEqual(1);
    expect(shape(a)).toEqual(shape(b));
  });

  it("takes a body Express already parsed (req.body) on both paths alike", async () => {
    const parsed = (handler: ReturnType<typeof toNodeHandler>) =>
      listen((req, res) => {
        // What express.json() leaves behind: the stream consumed, the object on req.body.
        const chunks: Buffer[] = [];
        req.on("data", (c: Buffer) => chunks.push(c));
        req.on("end", () => {
          Object.assign(req, { body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
          void handler(req, res);
        });
      });
    const fastParsed = await parsed(toNodeHandler(auth));
    const webParsed = await parsed(toNodeHandler({ handler: (request) => auth.handler(request) }));
    const sent = { path: "/api/auth/probe/echo", ...json({ from: "express", n: [1, 2] }) };
    const a = await send(fastParsed, sent);
    const b = await send(webParsed, sent);
    expect(a.body).toBe('{"body":{"from":"express","n":[1,2]}}');
    expect({ ...a, contentLength: undefined }).toEqual({ ...b, contentLength: undefined });
  });

  it("builds the Web Request for a trustedOrigins function, with the socket's headers and URL", async () => {
    const seen: { url: string; probe: string | null }[] = [];
    const withFn = createTestAuth({
      plugins: [probe],
      logger: { disabled: true },
      trustedOrigins: (request) => {
        if (request) seen.push({ url: request.url, probe: request.headers.get("x-probe") });
        return ["https://partner.example"];
      },
    });
    const { browser } = await withFn.signUp({ email: "origins@example.com" });
    const port = await listen(toNodeHandler(withFn.auth));
    const post = (origin: string) =>
      send(port, {
        method: "POST",
        path: "/api/auth/probe/echo",
        headers: {
          "content-type": "application/json",
          cookie: browser.cookieHeader(),
          origin,
          "x-probe": "from-socket",
        },
        chunks: ["{}"],
      });
    expect((await post("https://partner.example")).status).toBe(200);
    expect((await post("https://evil.example")).status).toBe(403);
    expect(seen.at(-1)).toEqual({
      url: `http://127.0.0.1:${port}/api/auth/probe/echo`,
      probe: "from-socket",
    });
  });

  it("a client that goes away mid-body gets no handler call and leaves the server serving", async () => {
    for (const port of [fast, web]) {
      const before = echoed;
      await new Promise<void>((resolve) => {
        const req = httpRequest({
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/auth/probe/echo",
          headers: { "content-type": "application/json", "content-length": "100" },
          agent: false,
        });
        req.on("error", () => resolve());
        req.on("close", () => resolve());
        req.write('{"partial":', () => req.destroy());
      });
      await new Promise((r) => setTimeout(r, 50));
      expect(echoed).toBe(before);
      const ok = await send(port, { path: "/api/auth/ok" });
      expect(ok.body).toBe('{"ok":true}');
    }
  });
});
