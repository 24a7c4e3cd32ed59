import { createRouter } from "better-call";
import { describe, expect, it } from "vitest";
import { coreEndpoints } from "../auth/endpoints";
import { defineEndpoint } from "../kernel/endpoint";
import { definePlugin } from "../kernel/plugin";
import { createTestAuth } from "../testing";
import { type Compiled, compileEndpoint, redirectTo } from "./compile";
import { createDispatcher } from "./dispatch";
import { fromWebRequest, toWebResponse } from "./incoming";

/*
 * The routed fast path must answer exactly as better-call's router did. Each request below goes
 * through both, built from the same endpoint declarations, and the responses are compared.
 */

const probe = definePlugin({
  id: "probe",
  endpoints: {
    echoParams: defineEndpoint(
      { method: "GET", path: "/probe/items/:id" },
      { handler: ({ params, query }) => ({ params, query }) },
    ),
    echoNested: defineEndpoint(
      { method: "GET", path: "/probe/items/:id/tags/:tag" },
      { handler: ({ params }) => ({ nested: params }) },
    ),
    staticBeatsParam: defineEndpoint(
      { method: "GET", path: "/probe/items/special" },
      { handler: () => ({ special: true }) },
    ),
    postOnly: defineEndpoint({ method: "POST", path: "/probe/post" }, { handler: () => ({ posted: true }) }),
    bigint: defineEndpoint({ method: "GET", path: "/probe/bigint" }, { handler: () => ({ amount: 10n }) }),
    circular: defineEndpoint(
      { method: "GET", path: "/probe/circular" },
      {
        handler: () => {
          const a: Record<string, unknown> = { name: "a" };
          a.self = a;
          return a;
        },
      },
    ),
    text: defineEndpoint({ method: "GET", path: "/probe/text" }, { handler: () => "plain text" }),
    nothing: defineEndpoint({ method: "GET", path: "/probe/nothing" }, { handler: () => undefined }),
    zero: defineEndpoint({ method: "GET", path: "/probe/zero" }, { handler: () => 0 }),
    list: defineEndpoint({ method: "GET", path: "/probe/list" }, { handler: () => [1, "two", null] }),
    date: defineEndpoint({ method: "GET", path: "/probe/date" }, { handler: () => ({ at: new Date(0) }) }),
    response: defineEndpoint(
      { method: "GET", path: "/probe/response" },
      {
        handler: ({ rc }) => {
          rc.setCookie("probe", "1");
          return new Response("<p>hi</p>", { headers: { "content-type": "text/html" } });
        },
      },
    ),
    redirect: defineEndpoint(
      { method: "GET", path: "/probe/redirect" },
      {
        handler: ({ rc }) => {
          rc.setCookie("probe", "2");
          throw redirectTo(rc, "/somewhere");
        },
      },
    ),
    leakyHeaders: defineEndpoint(
      { method: "GET", path: "/probe/leaky" },
      {
        handler: ({ rc }) => {
          rc.responseHeaders.set("cookie", "should-not-leave");
          rc.responseHeaders.set("x-kept", "yes");
          return { ok: true };
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

function setup() {
  const errors: unknown[] = [];
  const { auth, signUp } = createTestAuth({ plugins: [probe], logger: { disabled: true } });
  const app = auth.$context;
  const compiled: Compiled[] = Object.values({ ...coreEndpoints, ...probe.endpoints }).map((ep) =>
    compileEndpoint(app, ep),
  );
  const onError = (error: unknown) => {
    errors.push(error);
    return Response.json(
      { message: "Internal Server Error", code: "INTERNAL_SERVER_ERROR" },
      { status: 500 },
    );
  };
  const reference = createRouter(
    Object.fromEntries(compiled.map((c, i) => [`e${i}`, c.endpoint])) as unknown as Parameters<
      typeof createRouter
    >[0],
    {
      basePath: app.basePath,
      openapi: { disabled: true },
      onError: (error: unknown) => {
        if (error instanceof Error && error.name === "APIError") return;
        return onError(error);
      },
    },
  );
  const dispatcher = createDispatcher(compiled, { basePath: app.basePath, onError });
  return { app, auth, signUp, reference, dispatcher, errors };
}

async function snapshot(response: Response) {
  const headers = [...response.headers].filter(([k]) => k !== "set-cookie");
  return {
    status: response.status,
    statusText: response.statusText,
    headers,
    cookies: response.headers.getSetCookie(),
    body: await response.text(),
  };
}

describe("routed fast path", () => {
  it("answers every request as better-call's router does", async () => {
    const { app, reference, dispatcher, signUp, errors } = setup();
    const { browser } = await signUp();
    const cookie = browser.cookieHeader();
    const base = app.baseURL;
    const requests: [string, RequestInit?][] = [
      [`${base}/ok`],
      [`${base}/ok/`],
      [`${base}//ok`],
      [`${base}/nope`],
      [`${base}`],
      [`${base}/`],
      [`${app.origin}/elsewhere/ok`],
      [`${base}/ok?x=1&x=2&y=3#fragment`],
      [`${base}/ok`, { method: "POST" }],
      [`${base}/get-session`],
      [`${base}/get-session`, { headers: { cookie } }],
      [`${base}/get-session?disableCookieCache=true`, { headers: { cookie } }],
      [`${base}/get-session?disableCookieCache=maybe`, { headers: { cookie } }],
      [`${base}/get-session`, { headers: { cookie: "gatehouse.session_token=forged.sig" } }],
      [`${base}/list-sessions`],
      [`${base}/list-sessions`, { headers: { cookie } }],
      [
        `${base}/sign-in/email`,
        {
          method: "POST",
          headers: { "content-type": "application/json", origin: app.origin },
          body: JSON.stringify({ email: "nobody@example.com", password: "wrong-password-1" }),
        },
      ],
      [
        `${base}/sign-in/email`,
        { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" },
      ],
      [
        `${base}/sign-in/email`,
        {
          method: "POST",
          headers: { "content-type": "application/json", cookie, origin: "https://evil.test" },
        },
      ],
      [`${base}/probe/items/42?q=a&q=b&__proto__=x`],
      [`${base}/probe/items/a%20b`],
      [`${base}/probe/items/special`],
      [`${base}/probe/items/`],
      [`${base}/probe/items/1/tags/red`],
      [`${base}/probe/items/1/tags/`],
      [`${base}/probe/post`],
      [`${base}/probe/post`, { method: "POST" }],
      [`${base}/probe/bigint`],
      [`${base}/probe/circular`],
      [`${base}/probe/text`],
      [`${base}/probe/nothing`],
      [`${base}/probe/zero`],
      [`${base}/probe/list`],
      [`${base}/probe/date`],
      [`${base}/probe/response`],
      [`${base}/probe/redirect`],
      [`${base}/probe/leaky`],
      [`${base}/probe/crash`],
    ];
    for (const [url, init] of requests) {
      const expected = await snapshot(await reference.handler(new Request(url, init)));
      const actual = await snapshot(
        toWebResponse(await dispatcher.handle(fromWebRequest(new Request(url, init)))),
      );
      expect({ url, method: init?.method ?? "GET", ...actual }).toEqual({
        url,
        method: init?.method ?? "GET",
        ...expected,
      });
    }
    expect(errors).toHaveLength(2);
  });

  it("serves requests through auth.handler with the same table", async () => {
    const { auth } = setup();
    const ok = await auth.handler(new Request(`${auth.$context.baseURL}/ok`));
    expect(await ok.json()).toEqual({ ok: true });
    const param = await auth.handler(new Request(`${auth.$context.baseURL}/probe/items/7`));
    expect(await param.json()).toEqual({ params: { id: "7" }, query: {} });
    // better-call read `?constructor=y` as [Object, "y"] (it tested `key in query`); a key only
    // collides with itself here.
    const named = await auth.handler(
      new Request(`${auth.$context.baseURL}/probe/items/7?constructor=y&toString=a&toString=b`),
    );
    expect(await named.json()).toEqual({
      params: { id: "7" },
      query: { constructor: "y", toString: ["a", "b"] },
    });
  });
});
