import { describe, expect, it } from "vitest";
import { defineEndpoint } from "../kernel/endpoint";
import { createTestAuth } from "../testing";
import { compileEndpoint } from "./compile";
import { fromWebRequest } from "./incoming";

/*
 * The context every handler receives. `headers` and `request` are getters (built only when read),
 * own and enumerable; they must be the same two functions for every request: getters written in a
 * per-request object literal are new closures, and V8 then gave each context a hidden class of its
 * own that kept the request's objects alive past young-generation collections (every routed request
 * paid for it in promoted memory and 4x slower scavenges, docs/performance.md).
 */
function capture() {
  const seen: Record<string, unknown>[] = [];
  const ep = defineEndpoint(
    { method: "GET", path: "/capture" },
    {
      handler: (ctx) => {
        seen.push(ctx as unknown as Record<string, unknown>);
        return { ok: true };
      },
    },
  );
  const { auth } = createTestAuth();
  return { seen, compiled: compileEndpoint(auth.$context, ep as never) };
}

describe("handler context", () => {
  it("headers and request are shared getters, own and enumerable, reading this request", async () => {
    const { seen, compiled } = capture();
    for (const n of [1, 2]) {
      const request = new Request(`http://localhost:3000/api/auth/capture?n=${n}`, {
        headers: { "x-n": String(n) },
      });
      await compiled.serve(fromWebRequest(request), {}, {});
    }
    const [a, b] = seen as [Record<string, unknown>, Record<string, unknown>];
    for (const key of ["headers", "request"]) {
      const da = Object.getOwnPropertyDescriptor(a, key)!;
      const db = Object.getOwnPropertyDescriptor(b, key)!;
      expect(typeof da.get).toBe("function");
      expect(da.enumerable).toBe(true);
      expect(da.get).toBe(db.get);
    }
    expect((a.headers as Headers).get("x-n")).toBe("1");
    expect((b.headers as Headers).get("x-n")).toBe("2");
    expect((b.request as Request).url).toBe("http://localhost:3000/api/auth/capture?n=2");
    expect(Object.keys(b).sort()).toEqual(
      ["app", "body", "headers", "params", "principal", "query", "rc", "request", "session"].sort(),
    );
  });

  it("a server call's context has the headers it was given and no request", async () => {
    const { seen, compiled } = capture();
    await compiled.call({ headers: { "x-server": "yes" } });
    const ctx = seen[0]!;
    expect((ctx.headers as Headers).get("x-server")).toBe("yes");
    expect(ctx.request).toBeUndefined();
  });
});
