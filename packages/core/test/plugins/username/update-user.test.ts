import { describe, expect, it } from "vitest";
import { type ErrorBody, setup, type UserBody } from "./helpers";

type SessionBody = { user: UserBody };

describe("username plugin: update-user", () => {
  it("sets a username (stored lower case, displayUsername as typed) and the session shows it", async () => {
    const { signUp } = setup();
    const { browser } = await signUp();
    const res = await browser.post("/update-user", { username: "New.Name" });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ status: true });
    const session = await browser.get<SessionBody>("/get-session");
    expect(session.data.user).toMatchObject({ username: "new.name", displayUsername: "New.Name" });
  });

  it("updates only the displayUsername, leaving the username alone", async () => {
    const { signUp } = setup();
    const { browser } = await signUp({ username: "keeper" });
    await browser.post("/update-user", { displayUsername: "The Keeper" });
    const session = await browser.get<SessionBody>("/get-session");
    expect(session.data.user).toMatchObject({ username: "keeper", displayUsername: "The Keeper" });
  });

  it("allows re-saving one's own username, in another case", async () => {
    const { signUp } = setup();
    const { browser } = await signUp({ username: "myself" });
    const res = await browser.post("/update-user", { username: "MySelf" });
    expect(res.status).toBe(200);
    const session = await browser.get<SessionBody>("/get-session");
    expect(session.data.user).toMatchObject({ username: "myself", displayUsername: "MySelf" });
  });

  it.each([
    ["no", "Username is too short"],
    ["x".repeat(31), "Username is too long"],
    ["bad name", "Username is invalid"],
    ["semi;colon", "Username is invalid"],
  ])("refuses %j with 400 %s and keeps the old value", async (value, message) => {
    const { signUp } = setup();
    const { browser } = await signUp({ username: "original" });
    const res = await browser.post<ErrorBody>("/update-user", { username: value });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe(message);
    const session = await browser.get<SessionBody>("/get-session");
    expect(session.data.user.username).toBe("original");
  });

  it("another user's username is 422 taken", async () => {
    const { signUp } = setup();
    await signUp({ username: "occupied" });
    const { browser } = await signUp();
    const res = await browser.post<ErrorBody>("/update-user", { username: "Occupied" });
    expect(res.status).toBe(422);
    expect(res.data.message).toBe("Username is already taken. Please try another.");
  });

  it("custom lengths and validator apply to update-user too", async () => {
    const { signUp } = setup({
      minUsernameLength: 5,
      maxUsernameLength: 8,
      usernameValidator: (u) => /^[a-z]+$/.test(u),
    });
    const { browser } = await signUp();
    expect((await browser.post<ErrorBody>("/update-user", { username: "abcd" })).data.message).toBe(
      "Username is too short",
    );
    expect((await browser.post<ErrorBody>("/update-user", { username: "abcdefghi" })).data.message).toBe(
      "Username is too long",
    );
    expect((await browser.post<ErrorBody>("/update-user", { username: "abc_de" })).data.message).toBe(
      "Username is invalid",
    );
    expect((await browser.post("/update-user", { username: "abcde" })).status).toBe(200);
  });

  it("a displayUsernameValidator refuses with 400 Display username is invalid", async () => {
    const { signUp, browser } = setup({ displayUsernameValidator: (d) => !d.includes("!") });
    const { browser: b } = await signUp();
    const res = await b.post<ErrorBody>("/update-user", { displayUsername: "Loud!" });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      message: "Display username is invalid",
      code: "DISPLAY_USERNAME_IS_INVALID",
    });
    const signUpRes = await browser().post<ErrorBody>("/sign-up/email", {
      name: "N",
      email: "display@example.com",
      password: "correct-horse-battery",
      username: "quiet",
      displayUsername: "Shout!",
    });
    expect(signUpRes.status).toBe(400);
    expect(signUpRes.data.message).toBe("Display username is invalid");
  });

  it("a username of null clears both fields", async () => {
    const { signUp } = setup();
    const { browser } = await signUp({ username: "temporary" });
    expect((await browser.post("/update-user", { username: null })).status).toBe(200);
    const session = await browser.get<SessionBody>("/get-session");
    expect(session.data.user.username ?? null).toBeNull();
    expect(session.data.user.displayUsername ?? null).toBeNull();
  });
});
