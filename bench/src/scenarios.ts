import { LIST_SESSIONS_COUNT, PASSWORD } from "./config";
import { authRequest, expectStatus, signIn, signUp } from "./http";
import type { Target } from "./targets";

/** One measured operation: builds a fresh Request, calls the handler, reads the whole body. */
export type Operation = () => Promise<void>;

export interface Scenario {
  readonly id: string;
  readonly title: string;
  /** The cookie cache setting of the targets it runs on. */
  readonly cookieCache: boolean;
  /** Touches the database: runs on every backend, else once (on PostgreSQL targets, no query made). */
  readonly database: boolean;
  /** Also run better-auth with `advanced.database.joins` on (its reads change with it). */
  readonly joinsVariant: boolean;
  /** Dominated by scrypt: fewer, longer samples. */
  readonly slow?: boolean;
  /** Requests in flight at once: one operation sends this many together (throughput). Default 1. */
  readonly concurrency?: number;
  /** Signs in (or whatever the scenario needs), checks one response, returns the operation. */
  prepare(target: Target): Promise<Operation>;
}

let emailSeq = 0;
const uniqueEmail = (target: Target, what: string) =>
  `${what}-${target.library}-${process.pid}-${Date.now()}-${++emailSeq}@bench.example.com`;

function operation(target: Target, make: () => Request, status: number): Operation {
  return async () => {
    const response = await target.handler(make());
    await response.arrayBuffer();
    if (response.status !== status) throw new Error(`${target.label}: status ${response.status}`);
  };
}

interface SessionBody {
  session: { token?: string; userId: string };
  user: { email: string };
}

async function signedInGetSession(target: Target): Promise<Operation> {
  const email = uniqueEmail(target, "get-session");
  const cookie = await signUp(target, email);
  const body = (await expectStatus(
    await target.handler(authRequest("GET", "/get-session", { cookie })),
    200,
    `${target.label} get-session`,
  )) as SessionBody | null;
  if (body?.user.email !== email) throw new Error(`${target.label}: get-session did not return the user`);
  if (target.cookieCache && !cookie.includes(`${target.cookiePrefix}.session_data=`)) {
    throw new Error(`${target.label}: no cookie-cache cookie after sign-up`);
  }
  return operation(target, () => authRequest("GET", "/get-session", { cookie }), 200);
}

export const scenarios: readonly Scenario[] = [
  {
    id: "ok",
    title: "GET /ok",
    cookieCache: false,
    database: false,
    joinsVariant: false,
    async prepare(target) {
      await expectStatus(await target.handler(authRequest("GET", "/ok")), 200, "ok");
      return operation(target, () => authRequest("GET", "/ok"), 200);
    },
  },
  {
    id: "not-found",
    title: "GET /unknown (404)",
    cookieCache: false,
    database: false,
    joinsVariant: false,
    async prepare(target) {
      const response = await target.handler(authRequest("GET", "/no-such-endpoint"));
      await response.arrayBuffer();
      if (response.status !== 404) throw new Error(`${target.label}: 404 scenario got ${response.status}`);
      return operation(target, () => authRequest("GET", "/no-such-endpoint"), 404);
    },
  },
  {
    id: "get-session-signed-out",
    title: "GET /get-session, signed out",
    cookieCache: false,
    database: false,
    joinsVariant: false,
    async prepare(target) {
      const body = await expectStatus(
        await target.handler(authRequest("GET", "/get-session")),
        200,
        "signed out",
      );
      if (body !== null)
        throw new Error(`${target.label}: signed-out get-session returned ${JSON.stringify(body)}`);
      return operation(target, () => authRequest("GET", "/get-session"), 200);
    },
  },
  {
    id: "get-session-cached",
    title: "GET /get-session, cookie cache hit",
    cookieCache: true,
    database: true,
    joinsVariant: false,
    prepare: signedInGetSession,
  },
  {
    id: "get-session-db",
    title: "GET /get-session, database read",
    cookieCache: false,
    database: true,
    joinsVariant: true,
    prepare: signedInGetSession,
  },
  {
    id: "get-session-db-concurrent",
    title: "GET /get-session, database read, 16 in flight",
    cookieCache: false,
    database: true,
    joinsVariant: true,
    concurrency: 16,
    async prepare(target) {
      const one = await signedInGetSession(target);
      return async () => {
        await Promise.all(Array.from({ length: 16 }, one));
      };
    },
  },
  {
    id: "list-sessions",
    title: `GET /list-sessions (${LIST_SESSIONS_COUNT} sessions)`,
    cookieCache: false,
    database: true,
    joinsVariant: true,
    async prepare(target) {
      const email = uniqueEmail(target, "list");
      let cookie = await signUp(target, email);
      for (let i = 1; i < LIST_SESSIONS_COUNT; i++) cookie = await signIn(target, email);
      const body = await expectStatus(
        await target.handler(authRequest("GET", "/list-sessions", { cookie })),
        200,
        `${target.label} list-sessions`,
      );
      if (!Array.isArray(body) || body.length !== LIST_SESSIONS_COUNT) {
        throw new Error(
          `${target.label}: list-sessions returned ${Array.isArray(body) ? body.length : "no list"}`,
        );
      }
      return operation(target, () => authRequest("GET", "/list-sessions", { cookie }), 200);
    },
  },
  {
    id: "sign-in",
    title: "POST /sign-in/email (scrypt verify)",
    cookieCache: false,
    database: true,
    joinsVariant: true,
    slow: true,
    async prepare(target) {
      const email = uniqueEmail(target, "sign-in");
      await signUp(target, email);
      await signIn(target, email);
      const body = { email, password: PASSWORD };
      return operation(target, () => authRequest("POST", "/sign-in/email", { body }), 200);
    },
  },
  {
    id: "sign-up",
    title: "POST /sign-up/email (scrypt hash)",
    cookieCache: false,
    database: true,
    joinsVariant: false,
    slow: true,
    async prepare(target) {
      await signUp(target, uniqueEmail(target, "sign-up"));
      return operation(
        target,
        () =>
          authRequest("POST", "/sign-up/email", {
            body: { name: "Bench User", email: uniqueEmail(target, "sign-up"), password: PASSWORD },
          }),
        200,
      );
    },
  },
];
