import { describe, expect, it } from "vitest";
import { MAX_STRING_LENGTH } from "../../src/router/input-guard";
import { isSafeRelativePath } from "../../src/router/origin";
import { createTestAuth } from "../../src/testing";

const base = "http://localhost:3000/api/auth";

function raw(auth: { handler(r: Request): Promise<Response> }, path: string, init: RequestInit) {
  return auth.handler(new Request(`${base}${path}`, init));
}

const json = (body: string) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body,
});

describe("input boundary", () => {
  it("refuses a NUL character in any body or query string with 400 Invalid body/query parameters", async () => {
    const { auth } = createTestAuth();
    const body = await raw(
      auth,
      "/sign-up/email",
      json('{"email":"a@b.co","password":"pw-12345678","name":"x\\u0000y"}'),
    );
    expect(body.status).toBe(400);
    expect(await body.json()).toMatchObject({ message: "Invalid body parameters" });
    const nested = await raw(
      auth,
      "/sign-up/email",
      json('{"email":"a@b.co","password":"pw-12345678","name":"x","k":{"a":["\\u0000"]}}'),
    );
    expect(nested.status).toBe(400);
    const query = await raw(auth, "/get-session?disableRefresh=%00", { method: "GET" });
    expect(query.status).toBe(400);
    expect(await query.json()).toMatchObject({ message: "Invalid query parameters" });
    // Server calls go through the same guard.
    await expect(
      auth.api.signUpEmail({ body: { email: "s@b.co", password: "pw-12345678", name: "a\u0000" } }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it("refuses lone surrogates, over-long strings and deep nesting", async () => {
    const { auth } = createTestAuth();
    for (const name of ['"\\ud800"', JSON.stringify("x".repeat(MAX_STRING_LENGTH + 1))]) {
      const res = await raw(
        auth,
        "/sign-up/email",
        json(`{"email":"a@b.co","password":"pw-12345678","name":${name}}`),
      );
      expect(res.status, name.slice(0, 10)).toBe(400);
    }
    const deep = `${"[".repeat(40)}${"]".repeat(40)}`;
    const res = await raw(
      auth,
      "/sign-up/email",
      json(`{"email":"a@b.co","password":"pw-12345678","name":"n","x":${deep}}`),
    );
    expect(res.status).toBe(400);
    // Names have a natural limit below the global one.
    const long = await raw(
      auth,
      "/sign-up/email",
      json(JSON.stringify({ email: "l@b.co", password: "pw-12345678", name: "n".repeat(256) })),
    );
    expect(long.status).toBe(400);
  });

  it("answers a malformed multipart or JSON body with 400", async () => {
    const { auth } = createTestAuth();
    const multipart = await raw(auth, "/sign-in/email", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=XyZ" },
      body: '--XyZ\r\nContent-Disposition: form-data; name="email"\r\n\r\nnot closed',
    });
    expect(multipart.status).toBe(400);
    const noBoundary = await raw(auth, "/sign-in/email", {
      method: "POST",
      headers: { "content-type": "multipart/form-data" },
      body: "garbage",
    });
    expect(noBoundary.status).toBe(400);
    const badJson = await raw(auth, "/sign-in/email", json("{nope"));
    expect(badJson.status).toBe(400);
    // A well-formed multipart body with a mixed-case boundary still parses.
    const ok = await raw(auth, "/sign-in/email", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=AbC" },
      body: '--AbC\r\nContent-Disposition: form-data; name="email"\r\n\r\nnone@example.com\r\n--AbC\r\nContent-Disposition: form-data; name="password"\r\n\r\nwrong-password\r\n--AbC--\r\n',
    });
    expect(ok.status).toBe(401);
  });

  it("answers bodies over the limit with 413, declared or streamed, and honours maxBodySize", async () => {
    const { auth } = createTestAuth({ advanced: { maxBodySize: 2048 } });
    const big = JSON.stringify({ email: "a@b.co", password: "x".repeat(4000) });
    const declared = await raw(auth, "/sign-in/email", json(big));
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: "REQUEST_BODY_TOO_LARGE" });
    const bytes = new TextEncoder().encode(big);
    const streamed = await raw(auth, "/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new ReadableStream({
        start(c) {
          c.enqueue(bytes.slice(0, 1500));
          c.enqueue(bytes.slice(1500));
          c.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    const { auth: byDefault } = createTestAuth();
    const mega = await raw(
      byDefault,
      "/sign-in/email",
      json(JSON.stringify({ email: "a@b.co", password: "x".repeat(1024 * 1024) })),
    );
    expect(mega.status).toBe(413);
  });

  it("checks the parsed keys for prototype pollution (escaped spellings included)", async () => {
    const { auth } = createTestAuth();
    for (const key of ["__proto__", "\\u005f_proto__", "\\u005F\\u005Fproto\\u005F\\u005F"]) {
      const res = await raw(
        auth,
        "/sign-in/email",
        json(`{"email":"a@b.co","password":"pw-12345678","${key}":{"admin":true}}`),
      );
      expect(res.status, key).toBe(400);
      expect(await res.json()).toMatchObject({
        code: "INVALID_JSON_PROTOTYPE_POLLUTION_KEYS_ARE_NOT_ALLOWED",
      });
    }
    const ctor = await raw(auth, "/sign-in/email", json('{"\\u0063onstructor":{"prototype":{"x":1}}}'));
    expect(ctor.status).toBe(400);
  });

  it("refuses callback paths with encoded control characters", () => {
    for (const path of ["/%09/evil.com", "/%0a/evil.com", "/%00x", "/%7f/x", "/%1F/evil.com", "/\u007f/x"]) {
      expect(isSafeRelativePath(path), path).toBe(false);
    }
    expect(isSafeRelativePath("/dashboard?q=%20ok")).toBe(true);
  });

  it("ignores a cookie whose value decodes to a NUL character", async () => {
    const { auth } = createTestAuth();
    const res = await raw(auth, "/get-session", {
      method: "GET",
      headers: { cookie: "better-auth.session_token=%00abc" },
    });
    expect(res.status).toBe(200);
  });
});
