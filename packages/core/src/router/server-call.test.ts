import { describe, expect, it } from "vitest";
import { coreEndpoints } from "../auth/endpoints";
import { createTestAuth } from "../testing";
import { type Compiled, compileEndpoint, type ServerCallInput } from "./compile";

/*
 * `auth.api.x(input)` runs without better-call's per-call context (`call`); it must answer exactly
 * as the better-call endpoint (`endpoint`) did: values, headers, thrown API errors, Responses.
 */
async function setup() {
  const { auth, signUp } = createTestAuth();
  const compiled: Record<string, Compiled> = {};
  for (const [key, ep] of Object.entries(coreEndpoints))
    compiled[key] = compileEndpoint(auth.$context, ep as never);
  const { browser } = await signUp({ email: "parity@example.com" });
  return { compiled, cookie: browser.cookieHeader() };
}

async function outcome(fn: () => Promise<unknown>) {
  try {
    const value = await fn();
    if (value instanceof Response) {
      return {
        response: {
          status: value.status,
          body: await value.text(),
          cookies: value.headers.getSetCookie().length,
        },
      };
    }
    if (value && typeof value === "object" && "headers" in value && value.headers instanceof Headers) {
      const { headers, response } = value as { headers: Headers; response: unknown };
      return { headers: headers.getSetCookie().length, response: JSON.parse(JSON.stringify(response)) };
    }
    return { value: JSON.parse(JSON.stringify(value ?? null)) };
  } catch (error) {
    const e = error as { statusCode?: number; body?: unknown; name?: string };
    return { thrown: { name: e.name, status: e.statusCode, body: e.body } };
  }
}

describe("server calls answer as better-call's endpoint calls did", () => {
  it("values, returnHeaders, asResponse and thrown errors match", async () => {
    const { compiled, cookie } = await setup();
    const cases: [string, ServerCallInput][] = [
      ["getSession", { headers: { cookie } }],
      ["getSession", { headers: new Headers({ cookie }), query: { disableCookieCache: true } }],
      ["getSession", {}],
      ["listSessions", { headers: { cookie } }],
      ["listSessions", {}],
      ["listSessions", { asResponse: true }],
      ["ok", { asResponse: true }],
      ["ok", { returnHeaders: true }],
      ["signInEmail", { body: { email: "parity@example.com", password: "wrong-password" } }],
      [
        "signInEmail",
        { body: { email: "parity@example.com", password: "wrong-password" }, asResponse: true },
      ],
      ["signInEmail", { body: { email: "nope" } }],
      ["updateUser", { headers: { cookie }, body: { name: "Renamed" }, returnHeaders: true }],
    ];
    for (const [key, input] of cases) {
      const viaBetterCall = await outcome(() => compiled[key]!.endpoint(input as Record<string, unknown>));
      const direct = await outcome(() => compiled[key]!.call(input));
      expect(direct, `${key} ${JSON.stringify(input)}`).toEqual(viaBetterCall);
    }
  });
});
