import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coreEndpoints } from "../../src/auth/endpoints";
import type { AnyEndpoint } from "../../src/kernel/endpoint";
import { serviceAvailable } from "../helpers/services";
import { record } from "./counters";
import { caseArbitrary, encodeBody, type FuzzCase, queryString } from "./fuzz-cases";
import { allPlugins, pgApp } from "./pg-app";

/*
 * Property-based fuzzing of every routed endpoint (core + username, organization, admin, billing)
 * on PostgreSQL. Each route gets cases built from its own zod schema, mutated with hostile values,
 * encodings, methods and headers. Properties: no 5xx, no hang, no stack trace in a body, and a
 * refused request (4xx) leaves every table exactly as it was.
 *
 * CI: fixed seed, GATEHOUSE_FUZZ_RUNS cases per route (default 12). A longer run:
 *   GATEHOUSE_FUZZ_RUNS=300 GATEHOUSE_FUZZ_SEED=$RANDOM npx vitest run packages/core/test/reliability/fuzz.test.ts
 * GATEHOUSE_FUZZ_COUNT_ONLY=1 counts 5xx instead of failing on the first (for before/after numbers).
 */

const available = await serviceAvailable("postgres");
const RUNS = Number(process.env.GATEHOUSE_FUZZ_RUNS ?? 12);
const SEED = Number(process.env.GATEHOUSE_FUZZ_SEED ?? 20_261_125);
const COUNT_ONLY = process.env.GATEHOUSE_FUZZ_COUNT_ONLY === "1";
const TIMEOUT_MS = 10_000;
const BASE = "http://localhost:3000/api/auth";

interface Route {
  readonly key: string;
  readonly ep: AnyEndpoint;
}

function routes(): Route[] {
  const all: Route[] = Object.entries(coreEndpoints as Record<string, AnyEndpoint>).map(([key, ep]) => ({
    key,
    ep,
  }));
  for (const plugin of allPlugins()) {
    for (const [key, ep] of Object.entries((plugin.endpoints ?? {}) as Record<string, AnyEndpoint>)) {
      all.push({ key: `${plugin.id}.${key}`, ep });
    }
  }
  return all.filter((r) => !r.ep.route.serverOnly);
}

const STACK = /\n\s+at\s|\bat (?:async )?\S+ \(.*:\d+:\d+\)|node_modules\//;

describe.skipIf(!available)("fuzzing every route on PostgreSQL with all plugins", () => {
  let app: Awaited<ReturnType<typeof pgApp>>;
  const seen = { requests: 0, serverErrors: 0, refusedChecked: 0, routes: 0 };
  const failures: string[] = [];

  beforeAll(async () => {
    app = await pgApp();
  }, 60_000);

  afterAll(async () => {
    record(seen);
    if (COUNT_ONLY)
      console.log(`fuzz: ${seen.requests} requests, ${seen.serverErrors} 5xx\n${failures.join("\n")}`);
    await app?.close();
  });

  /** A fresh admin with a session for each route, so one route's sign-out cannot blind the next. */
  async function signedInAdmin(): Promise<string> {
    const { user, browser } = await app.signUp();
    await app.auth.$context.adapter.update({
      model: "user",
      where: [{ field: "id", value: user.id }],
      update: { role: "admin" },
    });
    const res = await browser.get("/get-session");
    expect(res.status).toBe(200);
    return browser.cookieHeader();
  }

  async function send(route: Route, c: FuzzCase, cookie: string): Promise<{ status: number; text: string }> {
    let path = route.ep.route.path;
    for (const p of c.params) path = path.replace(/:[A-Za-z]+/, p);
    const { body, type } = encodeBody(c);
    const headers = new Headers({ origin: "http://localhost:3000", cookie });
    if (type) headers.set("content-type", type);
    for (const [k, v] of Object.entries(c.headers)) headers.set(k, v);
    const request = new Request(`${BASE}${path}${queryString(c.query)}`, {
      method: c.method,
      headers,
      body: c.method === "GET" || c.method === "HEAD" ? undefined : body,
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`hang: no answer in ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    });
    try {
      const response = await Promise.race([app.auth.handler(request), timeout]);
      const text = await Promise.race([response.text(), timeout]);
      return { status: response.status, text };
    } finally {
      clearTimeout(timer);
    }
  }

  for (const route of routes()) {
    const params = (route.ep.route.path.match(/:[A-Za-z]+/g) ?? []).length;
    const methods = [route.ep.route.method].flat().join(",");
    it(`${methods} ${route.ep.route.path} (${route.key})`, async () => {
      seen.routes++;
      const cookie = await signedInAdmin();
      let before = await app.fingerprint();
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route.ep, params), async (c) => {
          const { status, text } = await send(route, c, cookie);
          seen.requests++;
          if (status >= 500) {
            seen.serverErrors++;
            failures.push(
              `${status} ${route.key} ${JSON.stringify(c).slice(0, 300)} -> ${text.slice(0, 200)}`,
            );
            if (COUNT_ONLY) return;
          }
          expect(status, text.slice(0, 300)).toBeLessThan(500);
          expect(text).not.toMatch(STACK);
          const after = await app.fingerprint();
          if (status >= 400) {
            seen.refusedChecked++;
            expect(after, `a refused request (${status}) changed the database: ${text.slice(0, 200)}`).toBe(
              before,
            );
          }
          before = after;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }, 120_000);
  }
});
