import { describe, expect, it } from "vitest";
import { formatRoles, isPlatformAdmin, parseRoles } from "../../src/plugin";
import { admin } from "../../src/plugins/admin";
import { username } from "../../src/plugins/username";
import { createTestAuth } from "../../src/testing";

/** A hasher that records what it hashed and what it was asked to verify against. */
function recordingHasher() {
  const made: string[] = [];
  const verified: string[] = [];
  return {
    made,
    verified,
    password: {
      hash: async (password: string) => {
        const hash = `rec:${password}`;
        made.push(hash);
        return hash;
      },
      verify: async ({ hash, password }: { hash: string; password: string }) => {
        verified.push(hash);
        return hash === `rec:${password}`;
      },
    },
  };
}

describe("one sign-in tail (issue 17)", () => {
  it("email and username sign-ins verify an unknown user against the same dummy, made by the app's hasher", async () => {
    const rec = recordingHasher();
    const { browser } = createTestAuth({
      plugins: [username()],
      emailAndPassword: { enabled: true, password: rec.password },
    });
    const byEmail = await browser().post<{ code: string }>("/sign-in/email", {
      email: "nobody@example.com",
      password: "password-1234",
    });
    expect([byEmail.status, byEmail.data.code]).toEqual([401, "INVALID_EMAIL_OR_PASSWORD"]);
    const byUsername = await browser().post<{ code: string }>("/sign-in/username", {
      username: "nobody",
      password: "password-1234",
    });
    expect([byUsername.status, byUsername.data.code]).toEqual([401, "INVALID_USERNAME_OR_PASSWORD"]);

    // One dummy for the app, made once with its hasher, verified once per refused sign-in.
    expect(rec.made).toHaveLength(1);
    expect(rec.verified).toEqual([rec.made[0], rec.made[0]]);
  });

  it("both sign-ins answer the same shape through the shared tail", async () => {
    const rec = recordingHasher();
    const { browser } = createTestAuth({
      plugins: [username()],
      emailAndPassword: { enabled: true, password: rec.password },
    });
    const b = browser();
    const up = await b.post("/sign-up/email", {
      email: "tail@example.com",
      password: "password-1234",
      name: "Tail",
      username: "tail_user",
    });
    expect(up.status).toBe(200);
    const email = await browser().post<Record<string, unknown>>("/sign-in/email", {
      email: "tail@example.com",
      password: "password-1234",
      callbackURL: "/home",
    });
    const name = await browser().post<Record<string, unknown>>("/sign-in/username", {
      username: "tail_user",
      password: "password-1234",
      callbackURL: "/home",
    });
    for (const res of [email, name]) {
      expect(res.status).toBe(200);
      expect(Object.keys(res.data).sort()).toEqual(["redirect", "token", "url", "user"]);
      expect([res.data.redirect, res.data.url]).toEqual([true, "/home"]);
    }
  });
});

describe("one role parser (issue 17)", () => {
  it("trims, drops empty names and duplicates, keeps the order; non-strings hold no role", () => {
    expect(parseRoles(" admin, member ,,admin")).toEqual(["admin", "member"]);
    expect(parseRoles(["owner", "admin,member", " owner "])).toEqual(["owner", "admin", "member"]);
    expect(parseRoles(undefined)).toEqual([]);
    expect(parseRoles(42)).toEqual([]);
    expect(parseRoles(["admin", 7])).toEqual(["admin"]);
    expect(formatRoles([" b", "a", "b"])).toBe("b,a");
  });
});

describe("one platform-admin check (issue 17)", () => {
  it("asks the admin plugin when installed (its admin roles and user ids)", () => {
    const { auth } = createTestAuth({
      plugins: [admin({ adminRoles: ["superuser"], adminUserIds: ["root-id"] })],
    });
    const app = auth.$context;
    expect(isPlatformAdmin(app, { id: "u1", role: "member,superuser" })).toBe(true);
    expect(isPlatformAdmin(app, { id: "u1", role: "admin" })).toBe(false);
    expect(isPlatformAdmin(app, { id: "root-id", role: "user" })).toBe(true);
  });

  it("without the admin plugin, reads an app-declared role field; without the field nobody is", () => {
    const withField = createTestAuth({
      user: { additionalFields: { role: { type: "string", required: false } } },
    }).auth.$context;
    expect(isPlatformAdmin(withField, { id: "u1", role: "member, admin" })).toBe(true);
    expect(isPlatformAdmin(withField, { id: "u1", role: "member" })).toBe(false);
    const withoutField = createTestAuth().auth.$context;
    expect(isPlatformAdmin(withoutField, { id: "u1", role: "admin" })).toBe(false);
  });
});
