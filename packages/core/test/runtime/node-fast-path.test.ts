import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeServers, json, LIMIT, type Seen, type Sent, send, servePaths } from "./node-paths";

/*
 * toNodeHandler's fast path against the Web path on the same instance (helpers: node-paths.ts):
 * the same answers, byte for byte, but for Content-Length instead of chunked on JSON replies.
 */

let ctx: Awaited<ReturnType<typeof servePaths>>;
beforeAll(async () => {
  ctx = await servePaths();
});
afterAll(closeServers);

describe("toNodeHandler fast path", () => {
  it("answers as the Web path does: status, reason, headers, every Set-Cookie, body", async () => {
    const { browser } = await ctx.signUp({ email: "node-fast@example.com" });
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
      // Request targets the URL parser would change: the fast path must parse them as before.
      { path: "/api/auth/%2e/ok" },
      { path: "//api/auth/ok" },
      { path: "/api/auth/ok?x=%zz&y='a'&z={b}&w=a/b?c" },
      { path: "/api/auth/ok?" },
      { path: "/api/auth/get-session?disableCookieCache=true", headers: { cookie } },
    ];
    for (const sent of requests) {
      const a = await send(ctx.fast, sent);
      const b = await send(ctx.web, sent);
      const { contentLength: _a, ...fastSeen } = a;
      const { contentLength: _b, ...webSeen } = b;
      expect({ path: sent.path, method: sent.method, ...fastSeen }).toEqual({
        path: sent.path,
        method: sent.method,
        ...webSeen,
      });
    }
    const ok = await send(ctx.fast, { path: "/api/auth/ok" });
    expect(ok.body).toBe('{"ok":true}');
    expect(ok.contentLength).toBe("11");
    const raw = await send(ctx.fast, requests[21]!);
    expect(JSON.parse(raw.body)).toEqual({
      text: "raw bytes",
      method: "POST",
      url: "http://127.0.0.1:<port>/api/auth/probe/raw",
      header: "seen",
    });
    expect((await send(ctx.fast, { path: "/api/auth/probe/ip" })).body).toBe('{"ip":"127.0.0.1"}');
    const redirect = await send(ctx.fast, { path: "/api/auth/probe/redirect" });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.filter(([k]) => k === "set-cookie")).toHaveLength(2);
    const tooLarge = await send(ctx.fast, requests[20]!);
    expect(tooLarge.status).toBe(413);
  });

  it("sign-up answers alike, with every Set-Cookie, on both paths", async () => {
    const up = (port: number, email: string) =>
      send(port, {
        path: "/api/auth/sign-up/email",
        ...json({ name: "N", email, password: "password-123" }),
      });
    const a = await up(ctx.fast, "fast-signup@example.com");
    const b = await up(ctx.web, "web-signup@example.com");
    const shape = (seen: Seen) => ({
      status: seen.status,
      headers: seen.headers.map(([k, v]) => [k, k === "set-cookie" ? v.replace(/=[^;]*/, "=<value>") : v]),
      keys: Object.keys(JSON.parse(seen.body) as object).sort(),
    });
    expect(a.status).toBe(200);
    expect(a.headers.filter(([k]) => k === "set-cookie").length).toBeGreaterThanOrEqual(1);
    expect(shape(a)).toEqual(shape(b));
  });
});
