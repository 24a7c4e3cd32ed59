import { BASE_PATH, LIST_SESSIONS_COUNT, ORIGIN, PASSWORD } from "./config";
import { cookieHeader } from "./http";
import type { ServerKind } from "./http-server";

/** The request the load generator repeats, and the status every answer must have. */
export interface HttpOperation {
  readonly method: "GET" | "POST";
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  readonly status: number;
}

export interface HttpScenario {
  readonly id: string;
  readonly title: string;
  readonly cookieCache: boolean;
  /** Makes database queries (else: measured against the bare node:http server too). */
  readonly database: boolean;
  /** Sets up over HTTP (sign-up, organizations), checks one real response, returns the request. */
  prepare(port: number, kind: ServerKind): Promise<HttpOperation>;
}

const ORGANIZATIONS = 5;
let seq = 0;
const uniqueEmail = (kind: string) => `http-${kind}-${process.pid}-${Date.now()}-${++seq}@bench.example.com`;

async function call(
  port: number,
  method: "GET" | "POST",
  path: string,
  init: { cookie?: string; body?: unknown } = {},
): Promise<{ response: Response; body: unknown; cookie: string }> {
  const headers: Record<string, string> = { "user-agent": "gatehouse-bench" };
  if (init.cookie) headers.cookie = init.cookie;
  if (method === "POST") {
    headers.origin = ORIGIN;
    headers["content-type"] = "application/json";
  }
  const response = await fetch(`http://127.0.0.1:${port}${BASE_PATH}${path}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return {
    response,
    body: text === "" ? null : JSON.parse(text),
    cookie: cookieHeader(response, init.cookie),
  };
}

const get = (path: string, cookie?: string): HttpOperation => ({
  method: "GET",
  path: `${BASE_PATH}${path}`,
  headers: cookie ? { "user-agent": "gatehouse-bench", cookie } : { "user-agent": "gatehouse-bench" },
  status: 200,
});

async function signedUp(port: number, kind: ServerKind): Promise<{ cookie: string; email: string }> {
  const email = uniqueEmail(kind);
  const { cookie } = await call(port, "POST", "/sign-up/email", {
    body: { name: "Bench User", email, password: PASSWORD },
  });
  return { cookie, email };
}

async function sessionOf(port: number, kind: ServerKind, cookieCache: boolean): Promise<HttpOperation> {
  const { cookie, email } = await signedUp(port, kind);
  if (cookieCache && !cookie.includes(".session_data=")) throw new Error(`${kind}: no cookie-cache cookie`);
  const { body } = await call(port, "GET", "/get-session", { cookie });
  if ((body as { user?: { email?: string } } | null)?.user?.email !== email)
    throw new Error(`${kind}: get-session did not return the user`);
  return get("/get-session", cookie);
}

export const httpScenarios: readonly HttpScenario[] = [
  {
    id: "ok",
    title: "GET /ok",
    cookieCache: false,
    database: false,
    async prepare(port) {
      const { body } = await call(port, "GET", "/ok");
      if ((body as { ok?: boolean }).ok !== true) throw new Error(`/ok answered ${JSON.stringify(body)}`);
      return get("/ok");
    },
  },
  {
    id: "get-session-signed-out",
    title: "GET /get-session, signed out",
    cookieCache: false,
    database: false,
    async prepare(port) {
      const { body } = await call(port, "GET", "/get-session");
      if (body !== null) throw new Error(`signed-out get-session answered ${JSON.stringify(body)}`);
      return get("/get-session");
    },
  },
  {
    id: "get-session-cached",
    title: "GET /get-session, cookie cache hit",
    cookieCache: true,
    database: false,
    prepare: (port, kind) => sessionOf(port, kind, true),
  },
  {
    id: "get-session-db",
    title: "GET /get-session, database read",
    cookieCache: false,
    database: true,
    prepare: (port, kind) => sessionOf(port, kind, false),
  },
  {
    id: "list-sessions",
    title: `GET /list-sessions (${LIST_SESSIONS_COUNT} sessions)`,
    cookieCache: false,
    database: true,
    async prepare(port, kind) {
      const { cookie: first, email } = await signedUp(port, kind);
      let cookie = first;
      for (let i = 1; i < LIST_SESSIONS_COUNT; i++) {
        cookie = (await call(port, "POST", "/sign-in/email", { body: { email, password: PASSWORD } })).cookie;
      }
      const { body } = await call(port, "GET", "/list-sessions", { cookie });
      if (!Array.isArray(body) || body.length !== LIST_SESSIONS_COUNT)
        throw new Error(`${kind}: list-sessions returned ${Array.isArray(body) ? body.length : "no list"}`);
      return get("/list-sessions", cookie);
    },
  },
  {
    id: "organization-list",
    title: `GET /organization/list (member of ${ORGANIZATIONS})`,
    cookieCache: false,
    database: true,
    async prepare(port, kind) {
      const { cookie } = await signedUp(port, kind);
      const tag = `${kind}-${process.pid}-${++seq}`;
      for (let i = 0; i < ORGANIZATIONS; i++) {
        await call(port, "POST", "/organization/create", {
          cookie,
          body: { name: `Org ${i}`, slug: `org-${tag}-${i}` },
        });
      }
      const { body } = await call(port, "GET", "/organization/list", { cookie });
      if (!Array.isArray(body) || body.length !== ORGANIZATIONS)
        throw new Error(
          `${kind}: organization/list returned ${Array.isArray(body) ? body.length : "no list"}`,
        );
      return get("/organization/list", cookie);
    },
  },
];
