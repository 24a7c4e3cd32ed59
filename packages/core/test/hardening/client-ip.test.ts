import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { compileProxyList, createClientIpResolver, setSocketAddress } from "../../src/context/client-ip";
import type { AuthOptions } from "../../src/kernel/options";
import { toNodeHandler } from "../../src/node";
import { createTestAuth } from "../../src/testing";

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

async function serve(options: AuthOptions) {
  const { auth } = createTestAuth({ ...options, rateLimit: { enabled: true } });
  const server = createServer(toNodeHandler(auth));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return (xff?: string) =>
    fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(xff ? { "x-forwarded-for": xff } : {}) },
      body: JSON.stringify({ email: "nobody@example.com", password: "wrong-password-1" }),
    }).then((r) => r.status);
}

describe("client IP", () => {
  it("toNodeHandler limits by the socket address; a forged X-Forwarded-For does not escape", async () => {
    const signIn = await serve({});
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push(await signIn(`198.51.100.${i}`));
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });

  it("believes X-Forwarded-For only from a configured trusted proxy", async () => {
    const signIn = await serve({ advanced: { trustedProxies: ["127.0.0.1"] } });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push(await signIn("198.51.100.7"));
    expect(codes).toEqual([401, 401, 401, 429]);
    // Another client behind the same proxy has its own counter.
    expect(await signIn("198.51.100.8")).toBe(401);
  });

  it("matches IPv4, IPv6 and IPv4-mapped addresses against CIDR ranges", () => {
    const trusted = compileProxyList(["10.0.0.0/8", "2001:db8::/32", "::1", "192.168.1.1"]);
    expect(trusted("10.200.3.4")).toBe(true);
    expect(trusted("::ffff:10.1.1.1")).toBe(true);
    expect(trusted("11.0.0.1")).toBe(false);
    expect(trusted("2001:db8:abcd::1")).toBe(true);
    expect(trusted("2001:db9::1")).toBe(false);
    expect(trusted("::1")).toBe(true);
    expect(trusted("[::1]")).toBe(true);
    expect(trusted("192.168.1.1")).toBe(true);
    expect(trusted("192.168.1.2")).toBe(false);
    expect(trusted("not-an-ip")).toBe(false);
    expect(() => compileProxyList(["10.0.0.0/33"])).toThrow(/trustedProxies/);
    expect(() => compileProxyList(["nope"])).toThrow(/trustedProxies/);
  });

  it("resolves the right-most untrusted hop and falls back to the socket", () => {
    const resolve = createClientIpResolver(["x-forwarded-for"], ["10.0.0.0/8"]);
    const request = new Request("http://x/");
    setSocketAddress(request, "::ffff:10.0.0.5");
    const headers = new Headers({ "x-forwarded-for": "1.1.1.1, 203.0.113.9, 10.0.0.3" });
    expect(resolve(headers, request)).toBe("203.0.113.9");
    expect(resolve(new Headers({ "x-forwarded-for": "garbage" }), request)).toBe("10.0.0.5");
    const direct = new Request("http://x/");
    setSocketAddress(direct, "203.0.113.50");
    expect(resolve(headers, direct)).toBe("203.0.113.50");
    const none = createClientIpResolver(["x-forwarded-for"], undefined);
    expect(none(headers, undefined)).toBeNull();
    expect(none(headers, direct)).toBe("203.0.113.50");
  });
});
