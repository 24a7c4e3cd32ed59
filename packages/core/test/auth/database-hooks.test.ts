import { describe, expect, it } from "vitest";
import { createTestAuth } from "../../src/testing";

describe("database hooks", () => {
  it("user create/update before-hooks change data; after-hooks see the stored row", async () => {
    const seen: string[] = [];
    const { signUp } = createTestAuth({
      user: { additionalFields: { nickname: { type: "string", required: false } } },
      databaseHooks: {
        user: {
          create: {
            before: (data) => ({ data: { nickname: `${data.name}!` } }),
            after: (user) => void seen.push(`created:${user.nickname}`),
          },
          update: {
            before: (data) => (data.name === "forbidden" ? false : { data: { nickname: "updated" } }),
            after: (user) => void seen.push(`updated:${user.name}`),
          },
        },
      },
    });
    const { browser } = await signUp({ name: "Ada" });
    const s = await browser.get<{ user: { nickname: string } }>("/get-session");
    expect(s.data.user.nickname).toBe("Ada!");
    expect((await browser.post("/update-user", { name: "Grace" })).status).toBe(200);
    const refused = await browser.post<{ code: string }>("/update-user", { name: "forbidden" });
    expect(refused.status).toBe(422);
    expect(refused.data.code).toBe("FAILED_TO_UPDATE_USER");
    expect(seen).toEqual(["created:Ada!", "updated:Grace"]);
  });

  it("a create before-hook returning false refuses the sign-up", async () => {
    const { browser } = createTestAuth({
      databaseHooks: {
        user: {
          create: { before: (data) => (String(data.email).endsWith("@blocked.io") ? false : undefined) },
        },
      },
    });
    const res = await browser().post<{ code: string }>("/sign-up/email", {
      name: "x",
      email: "x@blocked.io",
      password: "password-123",
    });
    expect(res.status).toBe(422);
    expect(res.data.code).toBe("FAILED_TO_CREATE_USER");
  });

  it("session and account hooks run on sign-up and sign-in", async () => {
    const calls: string[] = [];
    const { signUp, browser } = createTestAuth({
      databaseHooks: {
        session: {
          create: {
            before: (data) => ({ data: { userAgent: `hooked:${data.userAgent ?? "none"}` } }),
            after: (session) => void calls.push(`session:${session.userAgent}`),
          },
        },
        account: { create: { after: (account) => void calls.push(`account:${account.providerId}`) } },
      },
    });
    const { email, password } = await signUp();
    const b = browser();
    await b.post("/sign-in/email", { email, password }, { headers: { "user-agent": "tests" } });
    const s = await b.get<{ session: { userAgent: string } }>("/get-session");
    expect(s.data.session.userAgent).toBe("hooked:tests");
    expect(calls).toEqual(["account:credential", "session:hooked:none", "session:hooked:tests"]);
  });
});
