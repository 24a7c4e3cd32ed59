import { describe, expect, it } from "vitest";
import { createAuth } from "../../src";

describe("smoke", () => {
  it("signs up, reads the session, signs out", async () => {
    const auth = createAuth({ baseURL: "http://localhost:3000", emailAndPassword: { enabled: true } });
    const res = await auth.handler(
      new Request("http://localhost:3000/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "A@x.io", password: "password123", name: "A" }),
      }),
    );
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.user.email).toBe("a@x.io");
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const s = await auth.handler(
      new Request("http://localhost:3000/api/auth/get-session", { headers: { cookie } }),
    );
    const sb = await s.json();
    expect(sb.user.email).toBe("a@x.io");
    const bad = await auth.handler(
      new Request("http://localhost:3000/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "a@x.io" }),
      }),
    );
    expect(bad.status).toBe(400);
    console.log(await bad.json());
  });
});
