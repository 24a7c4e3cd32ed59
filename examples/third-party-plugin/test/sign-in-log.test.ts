import { createAuth } from "@gatehouse-js/core";
import { memoryAdapter } from "@gatehouse-js/core/adapters/memory";
import { describe, expect, it } from "vitest";
import { SIGN_IN_LOG_ERRORS, signInLog } from "../src/index";

const BASE = "http://localhost:3000/api/auth";
const PASSWORD = "password-1234";

/** A browser of one: keeps the session cookie between calls to the auth handler. */
function browser(handler: (request: Request) => Promise<Response>) {
  let cookie = "";
  return async (method: "GET" | "POST", path: string, body?: unknown, userAgent = "vitest") => {
    const res = await handler(
      new Request(`${BASE}${path}`, {
        method,
        headers: {
          origin: "http://localhost:3000",
          "user-agent": userAgent,
          ...(body ? { "content-type": "application/json" } : {}),
          ...(cookie ? { cookie } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      }),
    );
    const set = res.headers.getSetCookie().map((c) => c.split(";")[0]);
    if (set.length > 0) cookie = set.join("; ");
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
}

function setup() {
  const auth = createAuth({
    baseURL: "http://localhost:3000",
    secret: "example-secret-0123456789-0123456789-abc",
    database: memoryAdapter(),
    emailAndPassword: { enabled: true },
    plugins: [signInLog({ skip: (user) => user.email.endsWith("@private.example") })],
  });
  return { auth, open: () => browser(auth.handler) };
}

describe("a third-party plugin on @gatehouse-js/core/plugin", () => {
  it("logs every sign-in through the session.created event and lists the user's own", async () => {
    const { open } = setup();
    const ada = open();
    expect(
      (await ada("POST", "/sign-up/email", { email: "ada@example.com", password: PASSWORD, name: "Ada" }))
        .status,
    ).toBe(200);
    const again = open();
    expect(
      (await again("POST", "/sign-in/email", { email: "ada@example.com", password: PASSWORD }, "laptop"))
        .status,
    ).toBe(200);
    const other = open();
    await other("POST", "/sign-up/email", { email: "bob@example.com", password: PASSWORD, name: "Bob" });

    const list = await again("GET", "/sign-in-log/list?limit=10");
    expect(list.status).toBe(200);
    expect((list.body.user as { email: string }).email).toBe("ada@example.com");
    const entries = list.body.entries as { userAgent: string }[];
    expect(entries.map((e) => e.userAgent).sort()).toEqual(["laptop", "vitest"]);

    const cleared = await again("POST", "/sign-in-log/clear");
    expect(cleared.body).toEqual({ removed: 2 });
    expect(((await again("GET", "/sign-in-log/list")).body.entries as unknown[]).length).toBe(0);
    // Bob's log is his own.
    expect(((await other("GET", "/sign-in-log/list")).body.entries as unknown[]).length).toBe(1);
  });

  it("answers its own errors and the core's: 401 without a session, 400 on a bad limit, 403 when skipped", async () => {
    const { open } = setup();
    const anonymous = open();
    expect((await anonymous("GET", "/sign-in-log/list")).status).toBe(401);

    const eve = open();
    await eve("POST", "/sign-up/email", { email: "eve@private.example", password: PASSWORD, name: "Eve" });
    const refused = await eve("GET", "/sign-in-log/list");
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("SIGN_IN_LOG_IS_DISABLED_FOR_THIS_USER");
    expect(refused.body.code).toBe(SIGN_IN_LOG_ERRORS.SIGN_IN_LOG_IS_DISABLED_FOR_THIS_USER.code);

    const ada = open();
    await ada("POST", "/sign-up/email", { email: "ada@example.com", password: PASSWORD, name: "Ada" });
    const bad = await ada("GET", "/sign-in-log/list?limit=1000");
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_QUERY_PARAMETERS");
  });

  it("imports the core only through @gatehouse-js/core/plugin", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const dir = new URL("../src/", import.meta.url);
    const specifiers = readdirSync(dir).flatMap((file) =>
      [...readFileSync(new URL(file, dir), "utf8").matchAll(/from "([^"]+)"/g)].map((m) => m[1]),
    );
    expect(specifiers.filter((s) => !s?.startsWith("./")).sort()).toEqual(
      expect.arrayContaining(["@gatehouse-js/core/plugin"]),
    );
    expect(specifiers.filter((s) => !s?.startsWith("./") && s !== "@gatehouse-js/core/plugin")).toEqual([]);
  });
});
