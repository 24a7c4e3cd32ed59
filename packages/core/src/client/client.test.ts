import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { BASE_URL, createHarness, newUser } from "../../test/client/fixtures";
import { createTestFetch } from "../testing";
import { createAuthClient } from "./create-client";
import type { ClientError } from "./fetcher";
import { getServerSession } from "./server-session";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("client against a real handler (in-process fetch)", () => {
  it("signs up, reads the session, signs out", async () => {
    const { client } = createHarness();
    const user = newUser();

    const signUp = await client.signUp.email(user);
    expect(signUp.error).toBeNull();
    expect(signUp.data?.user.email).toBe(user.email);
    expect(signUp.data?.token).toEqual(expect.any(String));

    const session = await client.getSession();
    expect(session.error).toBeNull();
    expect(session.data?.user.email).toBe(user.email);
    // Timestamps come back as Date objects, as the types say.
    expect(session.data?.user.createdAt).toBeInstanceOf(Date);
    expect(session.data?.session.expiresAt).toBeInstanceOf(Date);

    const signOut = await client.signOut();
    expect(signOut).toEqual({ data: { success: true }, error: null });
    expect((await client.getSession()).data).toBeNull();

    const signIn = await client.signIn.email({ email: user.email, password: user.password });
    expect(signIn.data?.user.email).toBe(user.email);
    expect((await client.getSession()).data?.user.name).toBe("Ada");
  });

  it("answers a 400 with status, statusText, code, message and issues", async () => {
    const { client } = createHarness();
    const { data, error } = await client.$fetch("/sign-up/email", { body: { email: "a@example.com" } });
    expect(data).toBeNull();
    expect(error).toMatchObject({
      status: 400,
      statusText: "Bad Request",
      code: "INVALID_BODY_PARAMETERS",
      message: "Invalid body parameters",
    });
    expect(error?.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: ["name"], message: "Required" })]),
    );
  });

  it("answers a 401 with the error code of the body", async () => {
    const { client } = createHarness();
    const user = newUser();
    await client.signUp.email(user);
    const wrong = await client.signIn.email({ email: user.email, password: "not-the-password" });
    expect(wrong.data).toBeNull();
    expect(wrong.error).toMatchObject({
      status: 401,
      statusText: "Unauthorized",
      code: "INVALID_EMAIL_OR_PASSWORD",
      message: "Invalid email or password",
    });
    expectTypeOf(wrong.error).toEqualTypeOf<ClientError | null>();

    await client.signOut();
    const listed = await client.listSessions();
    expect(listed.error).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
  });

  it("takes the verb from the route declaration", async () => {
    const { client, calls } = createHarness();
    await client.getSession({ query: { disableCookieCache: true } });
    await client.signOut();
    await client.verifyEmail({ query: { token: "not-a-token" } });
    await client.revokeSessions();
    expect(calls.map((c) => `${c.method} ${c.url.replace(BASE_URL, "")}`)).toEqual([
      "GET /api/auth/get-session?disableCookieCache=true",
      "POST /api/auth/sign-out",
      "GET /api/auth/verify-email?token=not-a-token",
      "POST /api/auth/revoke-sessions",
    ]);
  });

  it("$fetch: declared verbs for known paths, POST with a body / GET without for unknown ones", async () => {
    const { client, calls } = createHarness();
    await client.$fetch("/sign-out");
    await client.$fetch("/reset-password/some-token", { query: { callbackURL: "/done" } });
    await client.$fetch("/custom/thing", { body: { a: 1 } });
    await client.$fetch("/custom/thing");
    await client.$fetch("/custom/thing", { method: "DELETE" });
    expect(calls.map((c) => c.method)).toEqual(["POST", "GET", "POST", "GET", "DELETE"]);
    const unknown = await client.$fetch("/custom/thing");
    expect(unknown.error).toMatchObject({ status: 404, statusText: "Not Found" });
  });

  it("builds methods from the manifests: nested names, no server-only routes, no path parameters", () => {
    const { client } = createHarness();
    expect(typeof client.signIn.email).toBe("function");
    expect(typeof client.deleteUser).toBe("function");
    expect(typeof client.deleteUser.callback).toBe("function");
    expect(typeof client.organization.create).toBe("function");
    const loose = client as unknown as Record<string, Record<string, unknown>>;
    expect(loose.setPassword).toBeUndefined();
    expect(loose.organization?.addMember).toBeUndefined();
    expect(Object.keys(client.resetPassword)).toEqual([]);
  });

  it("calls plugin routes and refreshes the plugin store they invalidate", async () => {
    const { client } = createHarness();
    await client.signUp.email(newUser());
    const seen: number[] = [];
    const stop = client.$listOrganizations.subscribe((s) => {
      if (!s.isPending) seen.push(s.data?.length ?? -1);
    });
    await vi.waitFor(() => expect(seen).toContain(0));
    const created = await client.organization.create({ name: "Acme", slug: "acme" });
    expect(created.data).toMatchObject({ name: "Acme", slug: "acme" });
    expect(created.data?.createdAt).toBeInstanceOf(Date);
    await vi.waitFor(() => expect(client.$listOrganizations.get().data).toHaveLength(1));
    stop();
  });

  it("never throws: a failing fetch gives a synthetic network error", async () => {
    const client = createAuthClient({
      baseURL: BASE_URL,
      fetchOptions: { fetch: () => Promise.reject(new TypeError("fetch failed")) },
    });
    const result = await client.getSession();
    expect(result).toEqual({
      data: null,
      error: { status: 0, statusText: "Network Error", code: "NETWORK_ERROR", message: "fetch failed" },
    });
    const thrownHook = await createAuthClient({
      baseURL: BASE_URL,
      fetchOptions: {
        onRequest: () => {
          throw new Error("hook broke");
        },
      },
    }).signOut();
    expect(thrownHook.error).toMatchObject({ status: 0, code: "CLIENT_ERROR", message: "hook broke" });
  });

  it("reports a missing baseURL outside the browser instead of throwing", async () => {
    const { error } = await createAuthClient().getSession();
    expect(error).toMatchObject({ status: 0, code: "INVALID_BASE_URL" });
  });

  it("resolves the base: origin + basePath, a full URL as is, the page origin lazily", async () => {
    const urls: string[] = [];
    const fetch = async (url: string) => {
      urls.push(url);
      return Response.json(null);
    };
    await createAuthClient({ baseURL: "https://a.test", fetchOptions: { fetch } }).getSession();
    await createAuthClient({ baseURL: "https://a.test", basePath: "/auth", fetchOptions: { fetch } }).ok();
    await createAuthClient({ baseURL: "https://a.test/custom/auth/", fetchOptions: { fetch } }).ok();
    const lazy = createAuthClient({ fetchOptions: { fetch } });
    vi.stubGlobal("window", { location: { origin: "https://page.test", href: "" } });
    await lazy.ok();
    expect(urls).toEqual([
      "https://a.test/api/auth/get-session",
      "https://a.test/auth/ok",
      "https://a.test/custom/auth/ok",
      "https://page.test/api/auth/ok",
    ]);
  });

  it("follows { url, redirect: true } answers unless redirect is false", async () => {
    const location = { origin: BASE_URL, href: `${BASE_URL}/` };
    vi.stubGlobal("window", { location });
    const { client, fetch } = createHarness();
    const user = newUser();
    await client.signUp.email(user);
    await client.signIn.email({ ...user, callbackURL: "/dashboard" });
    expect(location.href).toBe("/dashboard");

    location.href = `${BASE_URL}/`;
    const quiet = createAuthClient({ baseURL: BASE_URL, redirect: false, fetchOptions: { fetch } });
    await quiet.signIn.email({ ...user, callbackURL: "/dashboard" });
    expect(location.href).toBe(`${BASE_URL}/`);
  });

  it("runs client-level hooks, then per-call hooks, with headers merged", async () => {
    const { fetch } = createHarness();
    const order: string[] = [];
    const client = createAuthClient({
      baseURL: BASE_URL,
      fetchOptions: {
        fetch,
        headers: { "x-app": "demo" },
        onRequest: (ctx) => void order.push(`client:request:${ctx.init.headers.get("x-app")}`),
        onSuccess: () => void order.push("client:success"),
        onError: (ctx) => void order.push(`client:error:${ctx.error.status}`),
      },
    });
    await client.getSession({
      fetchOptions: { onSuccess: () => void order.push("call:success"), headers: { "x-call": "1" } },
    });
    await client.signIn.email(
      { email: "nobody@example.com", password: "whatever-password" },
      { onError: () => void order.push("call:error") },
    );
    expect(order).toEqual([
      "client:request:demo",
      "client:success",
      "call:success",
      "client:request:demo",
      "client:error:401",
      "call:error",
    ]);
  });

  it("getServerSession forwards the cookie header, from a client or from options", async () => {
    const { auth, client, jar } = createHarness();
    const user = newUser();
    await client.signUp.email(user);
    const cookie = [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ");
    // A server has no cookie jar: only the forwarded header carries the session.
    const { fetch: serverFetch } = createTestFetch(auth);
    const serverClient = createAuthClient<typeof auth>({
      baseURL: BASE_URL,
      fetchOptions: { fetch: serverFetch },
    });

    const fromOptions = await getServerSession(
      { baseURL: BASE_URL, fetchOptions: { fetch: serverFetch } },
      { headers: new Headers({ cookie, "x-other": "not forwarded" }) },
    );
    expect(fromOptions.data?.user.email).toBe(user.email);
    const fromClient = await getServerSession(serverClient, {
      headers: { cookie },
      query: { disableCookieCache: true },
    });
    expect(fromClient.data?.user.email).toBe(user.email);
    expectTypeOf(fromClient.data).toEqualTypeOf<typeof serverClient.$Infer.Session | null>();
    expect(await getServerSession(serverClient, { headers: {} })).toEqual({ data: null, error: null });
  });
});
