import { describe, expect, it } from "vitest";
import { type ErrorBody, PASSWORD, setup, type UserBody, uniqueEmail } from "./helpers";

type SignInBody = { token: string; user: UserBody; redirect: boolean; url?: string };

describe("username plugin: sign-in and availability", () => {
  it("signs in with the username in any case: {token, user}, a session cookie, a working session", async () => {
    const { signUp, browser } = setup();
    const { user } = await signUp({ username: "Signer" });
    const b = browser();
    const res = await b.post<SignInBody>("/sign-in/username", { username: "SIGNER", password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ redirect: false, user: { id: user.id, username: "signer" } });
    expect(typeof res.data.token).toBe("string");
    expect([...res.setCookies.keys()]).toContain("gatehouse.session_token");
    const session = await b.get<{ session: { token: string } }>("/get-session");
    expect(session.data.session.token).toBe(res.data.token);
  });

  it("carries callbackURL as url with redirect true; rememberMe false gives a non-remembered session", async () => {
    const { signUp, browser } = setup();
    await signUp({ username: "rememberer" });
    const res = await browser().post<SignInBody>("/sign-in/username", {
      username: "rememberer",
      password: PASSWORD,
      rememberMe: false,
      callbackURL: "/dashboard",
    });
    expect(res.data).toMatchObject({ redirect: true, url: "/dashboard" });
    expect(res.setCookies.get("gatehouse.session_token")?.attributes).not.toMatch(/max-age/i);
    expect(res.setCookies.has("gatehouse.dont_remember")).toBe(true);
  });

  it("unknown username, wrong password, or no password account: 401 Invalid username or password", async () => {
    const { signUp, browser, auth } = setup();
    await signUp({ username: "present" });
    const noPassword = await auth.$context.adapter.create<{ id: string }>({
      model: "user",
      data: { email: uniqueEmail(), name: "Social", username: "socialonly", emailVerified: true },
    });
    expect(noPassword.id).toBeTruthy();
    for (const body of [
      { username: "absent", password: PASSWORD },
      { username: "present", password: "wrong-password-123" },
      { username: "socialonly", password: PASSWORD },
    ]) {
      const res = await browser().post<ErrorBody>("/sign-in/username", body);
      expect(res.status, body.username).toBe(401);
      expect(res.data).toEqual({
        message: "Invalid username or password",
        code: "INVALID_USERNAME_OR_PASSWORD",
      });
      expect(res.setCookies.size).toBe(0);
    }
  });

  it("validates the username first (400), then the password length (400)", async () => {
    const { browser } = setup();
    const cases = [
      [{ username: "ab", password: PASSWORD }, "Username is too short"],
      [{ username: "a".repeat(31), password: PASSWORD }, "Username is too long"],
      [{ username: "no way", password: PASSWORD }, "Username is invalid"],
      [{ username: "fine_name", password: "short" }, "Password too short"],
      [{ username: "fine_name", password: "p".repeat(129) }, "Password too long"],
    ] as const;
    for (const [body, message] of cases) {
      const res = await browser().post<ErrorBody>("/sign-in/username", body);
      expect(res.status, message).toBe(400);
      expect(res.data.message).toBe(message);
    }
    const missing = await browser().post<ErrorBody>("/sign-in/username", { username: "abc" });
    expect(missing.status).toBe(400);
    expect(missing.data.message).toBe("Invalid body parameters");
  });

  it("requires a verified email when the app does (403 Email not verified)", async () => {
    const sent: string[] = [];
    const { browser, auth } = setup(undefined, {
      emailAndPassword: { enabled: true, requireEmailVerification: true },
      emailVerification: { sendVerificationEmail: ({ user }) => void sent.push(user.email) },
    });
    const email = uniqueEmail();
    await browser().post("/sign-up/email", { name: "V", email, password: PASSWORD, username: "verifyme" });
    const res = await browser().post<ErrorBody>("/sign-in/username", {
      username: "verifyme",
      password: PASSWORD,
    });
    expect(res.status).toBe(403);
    expect(res.data.message).toBe("Email not verified");
    expect(sent.filter((e) => e === email).length).toBeGreaterThanOrEqual(1);
    await auth.$context.adapter.update({
      model: "user",
      where: [{ field: "email", value: email }],
      update: { emailVerified: true },
    });
    expect(
      (await browser().post("/sign-in/username", { username: "verifyme", password: PASSWORD })).status,
    ).toBe(200);
  });

  it("is-username-available: free and taken (case-insensitively), and the same validation errors", async () => {
    const { signUp, browser } = setup();
    await signUp({ username: "holder" });
    const b = browser();
    expect((await b.post("/is-username-available", { username: "someone.else" })).data).toEqual({
      available: true,
    });
    expect((await b.post("/is-username-available", { username: "HOLDER" })).data).toEqual({
      available: false,
    });
    for (const [username, message] of [
      ["hi", "Username is too short"],
      ["h".repeat(31), "Username is too long"],
      ["hi there", "Username is invalid"],
    ] as const) {
      const res = await b.post<ErrorBody>("/is-username-available", { username });
      expect(res.status, username).toBe(400);
      expect(res.data.message).toBe(message);
    }
    expect((await b.post<ErrorBody>("/is-username-available", {})).data.message).toBe(
      "Invalid body parameters",
    );
  });

  it("server calls and services use the same rules", async () => {
    const { signUp, auth } = setup();
    await signUp({ username: "server_side" });
    await expect(auth.api.isUsernameAvailable({ body: { username: "server_side" } })).resolves.toEqual({
      available: false,
    });
    const service = auth.$context.services.username as { isAvailable(u: string): Promise<boolean> };
    expect(await service.isAvailable("Server_Side")).toBe(false);
    expect(await service.isAvailable("fresh_one")).toBe(true);
    expect(await service.isAvailable("x")).toBe(false);
  });

  it("refuses a contradictory length range at init", async () => {
    expect(() => setup({ minUsernameLength: 10, maxUsernameLength: 5 })).toThrow(/minUsernameLength/);
  });
});
