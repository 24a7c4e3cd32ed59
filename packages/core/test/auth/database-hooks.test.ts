import { describe, expect, it } from "vitest";
import { definePlugin } from "../../src/plugin";
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

  it("each write fires each hook once, the app's and a plugin's alike, through the event bus", async () => {
    const calls: string[] = [];
    const count = (name: string) => calls.filter((c) => c === name).length;
    const note = (name: string) => () => void calls.push(name);
    const listener = definePlugin({
      id: "listener",
      setup(app) {
        app.events.before("session.create", (p) => {
          calls.push(`plugin:session.create:${String(p.data.userAgent)}`);
          return p;
        });
        app.events.on("session.created", note("plugin:session.created"));
        app.events.on("user.created", note("plugin:user.created"));
        app.events.on("user.updated", note("plugin:user.updated"));
      },
    });
    const { browser } = createTestAuth({
      plugins: [listener],
      databaseHooks: {
        user: {
          create: { before: note("user.create.before"), after: note("user.create.after") },
          update: { before: note("user.update.before"), after: note("user.update.after") },
        },
        account: { create: { before: note("account.create.before"), after: note("account.create.after") } },
        session: {
          create: {
            before: (data) => {
              calls.push("session.create.before");
              return { data: { userAgent: `app:${data.userAgent ?? "none"}` } };
            },
            after: note("session.create.after"),
          },
        },
      },
    });
    const b = browser();
    const signUp = await b.post("/sign-up/email", {
      name: "Once",
      email: "once@example.com",
      password: "password-1234",
    });
    expect(signUp.status).toBe(200);
    for (const name of [
      "user.create.before",
      "user.create.after",
      "plugin:user.created",
      "account.create.before",
      "account.create.after",
      "session.create.before",
      "session.create.after",
      "plugin:session.created",
    ]) {
      expect([name, count(name)]).toEqual([name, 1]);
    }
    // The app's before-hook runs first; the plugin's sees its result.
    expect(count("plugin:session.create:app:none")).toBe(1);

    calls.length = 0;
    const signIn = await browser().post("/sign-in/email", {
      email: "once@example.com",
      password: "password-1234",
    });
    expect(signIn.status).toBe(200);
    expect(calls.sort()).toEqual(
      [
        "plugin:session.create:app:none",
        "plugin:session.created",
        "session.create.after",
        "session.create.before",
      ].sort(),
    );

    calls.length = 0;
    expect((await b.post("/update-user", { name: "Twice" })).status).toBe(200);
    expect(calls.sort()).toEqual(["plugin:user.updated", "user.update.after", "user.update.before"]);
  });
});
