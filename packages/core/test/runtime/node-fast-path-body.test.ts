import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toNodeHandler } from "../../src/node";
import { createTestAuth } from "../../src/testing";
import { closeServers, json, listen, probe, probeCalls, send, servePaths } from "./node-paths";

/*
 * toNodeHandler's fast path: bodies Express already parsed, the lazily built Web Request, and
 * clients that go away mid-body (helpers: node-paths.ts).
 */

let ctx: Awaited<ReturnType<typeof servePaths>>;
beforeAll(async () => {
  ctx = await servePaths();
});
afterAll(closeServers);

describe("toNodeHandler fast path: bodies and the lazy Request", () => {
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
    const fastParsed = await parsed(toNodeHandler(ctx.auth));
    const webParsed = await parsed(toNodeHandler({ handler: (request) => ctx.auth.handler(request) }));
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
    for (const port of [ctx.fast, ctx.web]) {
      const before = probeCalls.echoed;
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
      expect(probeCalls.echoed).toBe(before);
      const ok = await send(port, { path: "/api/auth/ok" });
      expect(ok.body).toBe('{"ok":true}');
    }
  });
});
