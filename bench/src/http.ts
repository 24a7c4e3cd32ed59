import { BASE_URL, ORIGIN, PASSWORD } from "./config";
import type { Target } from "./targets";

/** A request as a browser on the app's origin sends it (Origin header on POSTs, JSON bodies). */
export function authRequest(
  method: "GET" | "POST",
  path: string,
  init: { cookie?: string; body?: unknown } = {},
): Request {
  const headers = new Headers({ "user-agent": "gatehouse-bench" });
  if (init.cookie) headers.set("cookie", init.cookie);
  if (method === "POST") {
    headers.set("origin", ORIGIN);
    headers.set("content-type", "application/json");
  }
  return new Request(`${BASE_URL}${path}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** The Cookie header a browser would send next: every cookie set and not cleared by the response. */
export function cookieHeader(response: Response, previous = ""): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0) jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  for (const line of response.headers.getSetCookie()) {
    const [pair = "", ...attrs] = line.split(";");
    const eq = pair.indexOf("=");
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const cleared = value === "" || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
    if (cleared) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

export async function expectStatus(response: Response, status: number, what: string): Promise<unknown> {
  const text = await response.text();
  if (response.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.status}: ${text.slice(0, 300)}`);
  }
  return text === "" ? null : JSON.parse(text);
}

export async function signUp(target: Target, email: string): Promise<string> {
  const response = await target.handler(
    authRequest("POST", "/sign-up/email", { body: { name: "Bench User", email, password: PASSWORD } }),
  );
  const cookie = cookieHeader(response);
  await expectStatus(response, 200, `${target.label} sign-up`);
  return cookie;
}

export async function signIn(target: Target, email: string): Promise<string> {
  const response = await target.handler(
    authRequest("POST", "/sign-in/email", { body: { email, password: PASSWORD } }),
  );
  const cookie = cookieHeader(response);
  await expectStatus(response, 200, `${target.label} sign-in`);
  return cookie;
}
