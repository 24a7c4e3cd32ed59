import { describe, expect, it } from "vitest";
import { apiError } from "../../src/kernel/define-errors";
import type { User } from "../../src/kernel/models";
import type { AuthOptions } from "../../src/kernel/options";
import { createTestAuth, type TestBrowser, type TestResponse } from "../../src/testing";

interface Mail {
  to: string;
  url: string;
  token: string;
}

interface ErrorBody {
  code: string;
  message: string;
}

type DeleteOptions = NonNullable<NonNullable<AuthOptions["user"]>["deleteUser"]>;

const DELETED = { success: true, message: "User deleted" };
const TOKEN_COOKIE = "gatehouse.session_token";

function setup(deleteUser: DeleteOptions = {}, options: AuthOptions = {}) {
  const mails: Mail[] = [];
  const calls: string[] = [];
  const deletedEvents: string[] = [];
  const clock = { now: new Date() };
  const t = createTestAuth({
    ...options,
    user: {
      deleteUser: {
        enabled: true,
        beforeDelete: (user: User) => {
          calls.push(`before:${user.id}`);
        },
        afterDelete: (user: User) => {
          calls.push(`after:${user.id}`);
        },
        ...deleteUser,
      },
    },
    advanced: { now: () => clock.now },
  });
  t.auth.$context.events.on("user.deleted", ({ user }) => {
    deletedEvents.push(user.id);
  });
  const advance = (seconds: number) => {
    clock.now = new Date(clock.now.getTime() + seconds * 1000);
  };
  const core = t.auth.$context.core;
  const exists = async (userId: string) => (await core.users.findById(userId)) !== null;
  const accounts = (userId: string) => core.users.listAccounts(userId);
  return { ...t, mails, calls, deletedEvents, advance, exists, accounts };
}

/** Mails deletion confirmations into `mails`. */
function withConfirmation(mails: Mail[], extra: DeleteOptions = {}): DeleteOptions {
  return {
    sendDeleteAccountVerification: ({ user, url, token }) => {
      mails.push({ to: user.email, url, token });
    },
    ...extra,
  };
}

function expectCookiesCleared(res: TestResponse, browser: TestBrowser) {
  const cleared = res.setCookies.get(TOKEN_COOKIE);
  expect(cleared?.value).toBe("");
  expect(cleared?.attributes).toMatch(/Max-Age=0/i);
  expect(browser.cookies.has(TOKEN_COOKIE)).toBe(false);
}

describe("POST /delete-user", () => {
  it("is disabled unless user.deleteUser.enabled (404)", async () => {
    const t = createTestAuth();
    const { browser, user } = await t.signUp();
    const res = await browser.post<ErrorBody>("/delete-user", {});
    expect(res.status).toBe(404);
    expect(res.data.message).toBe("Delete user is disabled");
    expect(await t.auth.$context.core.users.findById(user.id)).not.toBeNull();
  });

  it("needs a session (401)", async () => {
    const t = setup();
    const res = await t.browser().post<ErrorBody>("/delete-user", {});
    expect(res.status).toBe(401);
  });

  it("deletes a user with a fresh session: user, accounts and every session; cookies cleared", async () => {
    const t = setup();
    const { browser, user, email, password } = await t.signUp();
    const other = t.browser();
    await other.post("/sign-in/email", { email, password });

    const res = await browser.post("/delete-user", {});
    expect(res.status).toBe(200);
    expect(res.data).toEqual(DELETED);
    expectCookiesCleared(res, browser);
    expect(await t.exists(user.id)).toBe(false);
    expect(await t.accounts(user.id)).toEqual([]);
    expect(await t.auth.$context.core.sessions.store.listByUser(user.id)).toEqual([]);
    expect((await other.get("/get-session")).data).toBeNull();
    expect((await t.browser().post("/sign-in/email", { email, password })).status).toBe(401);
    expect(t.calls).toEqual([`before:${user.id}`, `after:${user.id}`]);
    expect(t.deletedEvents).toEqual([user.id]);
  });

  it("refuses a wrong password (400 Invalid password)", async () => {
    const t = setup();
    const { browser, user } = await t.signUp();
    const res = await browser.post<ErrorBody>("/delete-user", { password: "wrong-password" });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ message: "Invalid password", code: "INVALID_PASSWORD" });
    expect(await t.exists(user.id)).toBe(true);
    expect(t.calls).toEqual([]);
  });

  it("refuses a password when the user has no credential account", async () => {
    const t = setup();
    const { browser, user, password } = await t.signUp();
    const [account] = await t.accounts(user.id);
    await t.auth.$context.core.users.deleteAccount(account!.id);
    const res = await browser.post<ErrorBody>("/delete-user", { password });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe("Credential account not found");
    expect(await t.exists(user.id)).toBe(true);
  });

  it("without a password the session must be fresh; with the password a stale session is enough", async () => {
    const t = setup({}, { session: { freshAge: 60 } });
    const { browser, user, password } = await t.signUp();
    t.advance(61);
    const stale = await browser.post<ErrorBody>("/delete-user", {});
    expect(stale.status).toBe(400);
    expect(stale.data).toMatchObject({
      message: "Session expired. Re-authenticate to perform this action.",
      code: "SESSION_EXPIRED_RE_AUTHENTICATE_TO_PERFORM_THIS_ACTION",
    });
    expect(await t.exists(user.id)).toBe(true);

    const res = await browser.post("/delete-user", { password });
    expect(res.status).toBe(200);
    expect(res.data).toEqual(DELETED);
    expect(await t.exists(user.id)).toBe(false);
  });

  it("is fresh up to freshAge (default one day) and never stale with freshAge 0", async () => {
    const t = setup({}, { session: { updateAge: 3 * 86_400 } });
    const first = await t.signUp();
    t.advance(86_400 - 10);
    expect((await first.browser.post("/delete-user", {})).status).toBe(200);
    const second = await t.signUp();
    t.advance(86_400 + 10);
    expect((await second.browser.post("/delete-user", {})).status).toBe(400);

    const off = setup({}, { session: { freshAge: 0, updateAge: 3 * 86_400 } });
    const third = await off.signUp();
    off.advance(2 * 86_400);
    expect((await third.browser.post("/delete-user", {})).status).toBe(200);
  });

  it("beforeDelete may refuse: nothing is deleted", async () => {
    const t = setup({
      beforeDelete: () => {
        throw apiError(400, "Close your organizations first");
      },
    });
    const { browser, user } = await t.signUp();
    const res = await browser.post<ErrorBody>("/delete-user", {});
    expect(res.status).toBe(400);
    expect(res.data.message).toBe("Close your organizations first");
    expect(await t.exists(user.id)).toBe(true);
    expect(await t.accounts(user.id)).toHaveLength(1);
    expect((await browser.get("/get-session")).data).not.toBeNull();
    expect(t.deletedEvents).toEqual([]);
  });

  it("refuses an untrusted callbackURL", async () => {
    const t = setup();
    const { browser, user } = await t.signUp();
    const res = await browser.post<ErrorBody>("/delete-user", { callbackURL: "https://evil.example.org" });
    expect(res.status).toBe(403);
    expect(await t.exists(user.id)).toBe(true);
  });
});

describe("deletion confirmed by email", () => {
  it("mails a 32-character token link instead of deleting", async () => {
    const mails: Mail[] = [];
    const t = setup(withConfirmation(mails));
    const { browser, user, email } = await t.signUp();
    const res = await browser.post("/delete-user", { callbackURL: "/goodbye" });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ success: true, message: "Verification email sent" });
    expect(await t.exists(user.id)).toBe(true);
    expect(t.calls).toEqual([]);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toBe(email);
    expect(mail!.token).toMatch(/^[A-Za-z0-9]{32}$/);
    const url = new URL(mail!.url);
    expect(`${url.origin}${url.pathname}`).toBe("http://localhost:3000/api/auth/delete-user/callback");
    expect(url.searchParams.get("token")).toBe(mail!.token);
    expect(url.searchParams.get("callbackURL")).toBe("/goodbye");
  });

  it("the link deletes the signed-in user and redirects to the callbackURL", async () => {
    const mails: Mail[] = [];
    const t = setup(withConfirmation(mails));
    const { browser, user } = await t.signUp();
    await browser.post("/delete-user", { callbackURL: "/goodbye" });
    const res = await browser.get("/delete-user/callback", {
      query: { token: mails[0]!.token, callbackURL: "/goodbye" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/goodbye");
    expectCookiesCleared(res, browser);
    expect(await t.exists(user.id)).toBe(false);
    expect(await t.accounts(user.id)).toEqual([]);
    expect(t.calls).toEqual([`before:${user.id}`, `after:${user.id}`]);
    expect(t.deletedEvents).toEqual([user.id]);
  });

  it("the link without a callbackURL answers JSON; a used token is invalid", async () => {
    const mails: Mail[] = [];
    const t = setup(withConfirmation(mails));
    const { browser, user, email, password } = await t.signUp();
    await browser.post("/delete-user", {});
    const res = await browser.get("/delete-user/callback", { query: { token: mails[0]!.token } });
    expect(res.status).toBe(200);
    expect(res.data).toEqual(DELETED);
    expect(await t.exists(user.id)).toBe(false);

    // Same email signed up again: the old token is spent.
    const again = await t.signUp({ email, password });
    const reuse = await again.browser.get<ErrorBody>("/delete-user/callback", {
      query: { token: mails[0]!.token },
    });
    expect(reuse.status).toBe(404);
    expect(reuse.data).toEqual({ message: "Invalid token", code: "INVALID_TOKEN" });
    expect(await t.exists(again.user.id)).toBe(true);
  });

  it("errors redirect with error=<CODE> when a callbackURL is given, else JSON", async () => {
    const mails: Mail[] = [];
    const t = setup(withConfirmation(mails));
    const { browser, user } = await t.signUp();
    await browser.post("/delete-user", {});
    const { token } = mails[0]!;

    const unknown = await browser.get("/delete-user/callback", {
      query: { token: "nope", callbackURL: "/bye?x=1" },
    });
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("location")).toBe("/bye?x=1&error=INVALID_TOKEN");
    const unknownJson = await browser.get<ErrorBody>("/delete-user/callback", { query: { token: "nope" } });
    expect(unknownJson.status).toBe(404);
    expect(unknownJson.data).toEqual({ message: "Invalid token", code: "INVALID_TOKEN" });

    const anon = t.browser();
    const signedOut = await anon.get("/delete-user/callback", { query: { token, callbackURL: "/bye" } });
    expect(signedOut.headers.get("location")).toBe("/bye?error=UNAUTHORIZED");
    const signedOutJson = await anon.get<ErrorBody>("/delete-user/callback", { query: { token } });
    expect(signedOutJson.status).toBe(401);

    const other = await t.signUp();
    const foreign = await other.browser.get("/delete-user/callback", {
      query: { token, callbackURL: "/bye" },
    });
    expect(foreign.headers.get("location")).toBe("/bye?error=INVALID_TOKEN");
    const foreignJson = await other.browser.get<ErrorBody>("/delete-user/callback", { query: { token } });
    expect([foreignJson.status, foreignJson.data.code]).toEqual([404, "INVALID_TOKEN"]);
    expect(await t.exists(other.user.id)).toBe(true);

    // None of the failures spent the owner's token.
    expect(await t.exists(user.id)).toBe(true);
    const owner = await browser.get("/delete-user/callback", { query: { token } });
    expect(owner.data).toEqual(DELETED);
    expect(await t.exists(user.id)).toBe(false);
  });

  it("the token expires after deleteTokenExpiresIn (default 24 h)", async () => {
    const mails: Mail[] = [];
    const t = setup(withConfirmation(mails));
    const { browser, user } = await t.signUp();
    await browser.post("/delete-user", {});
    t.advance(86_401);
    const res = await browser.get("/delete-user/callback", {
      query: { token: mails[0]!.token, callbackURL: "/bye" },
    });
    expect(res.headers.get("location")).toBe("/bye?error=INVALID_TOKEN");
    expect(await t.exists(user.id)).toBe(true);

    const short = setup(withConfirmation(mails, { deleteTokenExpiresIn: 60 }));
    const s = await short.signUp();
    await s.browser.post("/delete-user", {});
    short.advance(61);
    const expired = await s.browser.get<ErrorBody>("/delete-user/callback", {
      query: { token: mails.at(-1)!.token },
    });
    expect(expired.status).toBe(404);
    expect(expired.data).toEqual({ message: "Invalid token", code: "INVALID_TOKEN" });
    expect(await short.exists(s.user.id)).toBe(true);
  });

  it("POST /delete-user with the token deletes at once", async () => {
    const mails: Mail[] = [];
    const t = setup(withConfirmation(mails));
    const { browser, user } = await t.signUp();
    await browser.post("/delete-user", {});
    const wrong = await browser.post<ErrorBody>("/delete-user", { token: "not-the-token" });
    expect(wrong.status).toBe(404);
    expect(wrong.data.message).toBe("Invalid token");
    expect(await t.exists(user.id)).toBe(true);

    const res = await browser.post("/delete-user", { token: mails[0]!.token });
    expect(res.status).toBe(200);
    expect(res.data).toEqual(DELETED);
    expectCookiesCleared(res, browser);
    expect(await t.exists(user.id)).toBe(false);
    expect(mails).toHaveLength(1);
  });

  it("the callback is disabled with the feature (404)", async () => {
    const t = createTestAuth();
    const { browser } = await t.signUp();
    const res = await browser.get("/delete-user/callback", { query: { token: "x" } });
    expect(res.status).toBe(404);
  });
});
