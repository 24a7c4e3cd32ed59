import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createAuth, defineEndpoint, definePlugin, errorCode } from "../../src";
import { createLogger } from "../../src/logger/logger";
import { toNodeHandler } from "../../src/node";
import { createTestAuth } from "../../src/testing";

describe("error codes", () => {
  it("derive from the message: upper-case, runs of non-alphanumerics -> one underscore, trimmed", () => {
    expect(errorCode("Email is the same")).toBe("EMAIL_IS_THE_SAME");
    expect(errorCode("Couldn't update your email")).toBe("COULDN_T_UPDATE_YOUR_EMAIL");
    expect(errorCode("Session expired. Re-authenticate to perform this action.")).toBe(
      "SESSION_EXPIRED_RE_AUTHENTICATE_TO_PERFORM_THIS_ACTION",
    );
    expect(errorCode("  id_token not supported ")).toBe("ID_TOKEN_NOT_SUPPORTED");
  });
});

describe("createAuth", () => {
  it("rejects an invalid base URL", () => {
    expect(() => createAuth({ baseURL: "not a url" })).toThrow(/Invalid base URL/);
    expect(() => createAuth({ baseURL: "ftp://x.io" })).toThrow(/Invalid base URL/);
  });

  it("requires a secret outside tests", () => {
    const env = { ...process.env };
    try {
      delete process.env.VITEST;
      process.env.NODE_ENV = "production";
      delete process.env.GATEHOUSE_SECRET;
      delete process.env.BETTER_AUTH_SECRET;
      expect(() => createAuth({ baseURL: "http://localhost:3000" })).toThrow(/secret/);
      expect(() => createAuth({ baseURL: "http://localhost:3000", secret: "s".repeat(32) })).not.toThrow();
    } finally {
      process.env = env;
    }
  });

  it("serves under a configurable base path and 404s elsewhere", async () => {
    const auth = createAuth({ baseURL: "http://localhost:3000", basePath: "/auth" });
    expect((await auth.handler(new Request("http://localhost:3000/auth/ok"))).status).toBe(200);
    expect(await (await auth.handler(new Request("http://localhost:3000/auth/ok"))).json()).toEqual({
      ok: true,
    });
    expect((await auth.handler(new Request("http://localhost:3000/api/auth/ok"))).status).toBe(404);
    expect((await auth.handler(new Request("http://localhost:3000/auth/nope"))).status).toBe(404);
  });

  it("fails at init on conflicting plugin endpoints, paths or duplicate plugins", () => {
    const ep = defineEndpoint({ method: "GET", path: "/ok" }, { handler: () => 1 });
    const clash = definePlugin({ id: "clash", endpoints: { mine: ep } });
    expect(() => createAuth({ plugins: [clash] })).toThrow(/GET \/ok.*conflicts with core\.ok/);
    const sameKey = definePlugin({
      id: "k",
      endpoints: { getSession: defineEndpoint({ method: "GET", path: "/x" }, { handler: () => 1 }) },
    });
    expect(() => createAuth({ plugins: [sameKey] })).toThrow(/already declared by "core"/);
    const p = definePlugin({ id: "p" });
    expect(() => createAuth({ plugins: [p, p] })).toThrow(/installed twice/);
    const needs = definePlugin({ id: "needs", requires: ["organization"] });
    expect(() => createAuth({ plugins: [needs] })).toThrow(/requires the "organization" plugin/);
  });

  it("server-only endpoints are callable through auth.api but not routed", async () => {
    const secret = defineEndpoint(
      { method: "POST", path: "/internal/echo", serverOnly: true },
      { body: z.object({ value: z.string() }), handler: ({ body }) => ({ echoed: body.value }) },
    );
    const auth = createAuth({ plugins: [definePlugin({ id: "internal", endpoints: { echo: secret } })] });
    await expect(auth.api.echo({ body: { value: "hi" } })).resolves.toEqual({ echoed: "hi" });
    const res = await auth.handler(
      new Request("http://localhost:3000/api/auth/internal/echo", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ value: "hi" }),
      }),
    );
    expect(res.status).toBe(404);
  });

  it("auth.api validates bodies too and returns headers on request", async () => {
    const { auth } = createTestAuth();
    await expect(auth.api.signUpEmail({ body: { email: "x@y.io" } as never })).rejects.toMatchObject({
      body: { message: "Invalid body parameters", code: "INVALID_BODY_PARAMETERS" },
    });
    const { headers, response } = await auth.api.signUpEmail({
      body: { name: "S", email: "s@y.io", password: "password-123" },
      returnHeaders: true,
    });
    expect(response.user.email).toBe("s@y.io");
    const cookie = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const session = await auth.api.getSession({ headers: { cookie } });
    expect(session?.user.email).toBe("s@y.io");
    const asResponse = await auth.api.ok({ asResponse: true });
    expect(asResponse).toBeInstanceOf(Response);
  });
});

describe("JSON parsing", () => {
  it("rejects prototype-pollution keys", async () => {
    const { browser } = createTestAuth();
    for (const body of [
      '{"name":"x","email":"p@b.co","password":"password-123","__proto__":{"admin":true}}',
      '{"name":"x","email":"p@b.co","password":"password-123","constructor":{"prototype":{"admin":true}}}',
    ]) {
      const res = await browser().request<{ code: string }>("/sign-up/email", { method: "POST", body });
      expect(res.status).toBe(400);
      expect(res.data.code).toMatch(/PROTOTYPE_POLLUTION/);
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    const malformed = await browser().request<{ code: string }>("/sign-up/email", {
      method: "POST",
      body: "{nope",
    });
    expect(malformed.status).toBe(400);
  });
});

describe("error page and health", () => {
  it("GET /ok answers {ok: true}", async () => {
    const { browser } = createTestAuth();
    expect((await browser().get("/ok")).data).toEqual({ ok: true });
  });

  it("GET /error renders a heading, a message, a link to the root and the escaped code", async () => {
    const { browser } = createTestAuth();
    const page = await browser().get<string>("/error", { query: { error: "<script>alert(1)</script>" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.data).toContain("<h1>");
    expect(page.data).toContain('href="/"');
    expect(page.data).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page.data).not.toContain("<script>alert(1)</script>");
    const unknown = await browser().get<string>("/error");
    expect(unknown.data).toContain(">Unknown<");
  });
});

describe("logger", () => {
  it("defaults to level error, honours the level, and redacts secrets", () => {
    const lines: [string, string, unknown[]][] = [];
    const log = (level: string, message: string, ...args: unknown[]) =>
      void lines.push([level, message, args]);
    const quiet = createLogger({ log });
    quiet.warn("w");
    quiet.error("e", { token: "abc", nested: { password: "p", ok: 1 } });
    expect(lines).toEqual([
      ["error", "e", [{ token: "[redacted]", nested: { password: "[redacted]", ok: 1 } }]],
    ]);
    const verbose = createLogger({ level: "debug", log });
    verbose.debug("d");
    verbose.success("s");
    expect(lines.map((l) => l[0])).toEqual(["error", "debug", "success"]);
  });
});

describe("toNodeHandler", () => {
  it("serves node:http with bodies and multiple Set-Cookie headers", async () => {
    const { auth } = createTestAuth();
    const server = createServer(toNodeHandler(auth));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "N", email: "node@b.co", password: "password-123" }),
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { user: { email: string } }).user.email).toBe("node@b.co");
      expect(res.headers.getSetCookie().length).toBeGreaterThanOrEqual(1);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
