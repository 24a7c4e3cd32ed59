import { describe, expect, it } from "vitest";
import { type ErrorBody, PASSWORD, setup, type UserBody, uniqueEmail } from "./helpers";

describe("username plugin: sign-up", () => {
  it("stores the username lower case and keeps the typed form as displayUsername", async () => {
    const { browser, auth } = setup();
    const res = await browser().post<{ user: UserBody }>("/sign-up/email", {
      name: "Alice",
      email: uniqueEmail(),
      password: PASSWORD,
      username: "Alice.Smith_1",
    });
    expect(res.status).toBe(200);
    expect(res.data.user).toMatchObject({ username: "alice.smith_1", displayUsername: "Alice.Smith_1" });
    const row = await auth.$context.adapter.findOne<UserBody>({
      model: "user",
      where: [{ field: "id", value: res.data.user.id }],
    });
    expect(row).toMatchObject({ username: "alice.smith_1", displayUsername: "Alice.Smith_1" });
  });

  it("keeps an explicit displayUsername, and uses a valid displayUsername alone as the username", async () => {
    const { browser } = setup();
    const both = await browser().post<{ user: UserBody }>("/sign-up/email", {
      name: "B",
      email: uniqueEmail(),
      password: PASSWORD,
      username: "bob",
      displayUsername: "Bob the Builder",
    });
    expect(both.data.user).toMatchObject({ username: "bob", displayUsername: "Bob the Builder" });
    const displayOnly = await browser().post<{ user: UserBody }>("/sign-up/email", {
      name: "C",
      email: uniqueEmail(),
      password: PASSWORD,
      displayUsername: "Carol_X",
    });
    expect(displayOnly.data.user).toMatchObject({ username: "carol_x", displayUsername: "Carol_X" });
    const plain = await browser().post<{ user: UserBody }>("/sign-up/email", {
      name: "D",
      email: uniqueEmail(),
      password: PASSWORD,
      displayUsername: "Dave Smith!",
    });
    expect(plain.status).toBe(200);
    expect(plain.data.user.username ?? null).toBeNull();
    expect(plain.data.user.displayUsername).toBe("Dave Smith!");
  });

  it("signs up without a username: the fields stay empty and many such users coexist", async () => {
    const { signUp } = setup();
    const a = await signUp();
    const b = await signUp();
    expect((a.user as UserBody).username ?? null).toBeNull();
    expect((b.user as UserBody).username ?? null).toBeNull();
  });

  it.each([
    ["ab", 400, "Username is too short", "USERNAME_IS_TOO_SHORT"],
    ["", 400, "Username is too short", "USERNAME_IS_TOO_SHORT"],
    ["a".repeat(31), 400, "Username is too long", "USERNAME_IS_TOO_LONG"],
    ["with space", 400, "Username is invalid", "USERNAME_IS_INVALID"],
    ["dash-ed", 400, "Username is invalid", "USERNAME_IS_INVALID"],
    ["émile", 400, "Username is invalid", "USERNAME_IS_INVALID"],
  ])("refuses %j: %i %s", async (value, status, message, code) => {
    const { browser, auth } = setup();
    const email = uniqueEmail();
    const res = await browser().post<ErrorBody>("/sign-up/email", {
      name: "X",
      email,
      password: PASSWORD,
      username: value,
    });
    expect(res.status).toBe(status);
    expect(res.data).toMatchObject({ message, code });
    expect(await auth.$context.core.users.findByEmail(email)).toBeNull();
  });

  it("accepts the boundary lengths 3 and 30", async () => {
    const { browser } = setup();
    for (const value of ["abc", "a".repeat(30)]) {
      const res = await browser().post("/sign-up/email", {
        name: "X",
        email: uniqueEmail(),
        password: PASSWORD,
        username: value,
      });
      expect(res.status, value).toBe(200);
    }
  });

  it("refuses a username that is not a string: 400 Invalid body parameters", async () => {
    const { browser } = setup();
    const res = await browser().post<ErrorBody>("/sign-up/email", {
      name: "X",
      email: uniqueEmail(),
      password: PASSWORD,
      username: 12345,
    });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe("Invalid body parameters");
  });

  it("a taken username (in any case) is 422 Username is already taken. Please try another.", async () => {
    const { browser } = setup();
    await browser().post("/sign-up/email", {
      name: "A",
      email: uniqueEmail(),
      password: PASSWORD,
      username: "taken",
    });
    const res = await browser().post<ErrorBody>("/sign-up/email", {
      name: "B",
      email: uniqueEmail(),
      password: PASSWORD,
      username: "TAKEN",
    });
    expect(res.status).toBe(422);
    expect(res.data).toEqual({
      message: "Username is already taken. Please try another.",
      code: "USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER",
    });
  });

  it("10 concurrent sign-ups with one username: exactly one succeeds, the others get 422 taken", async () => {
    const { browser, auth } = setup();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        browser().post<ErrorBody>("/sign-up/email", {
          name: `N${i}`,
          email: uniqueEmail(),
          password: PASSWORD,
          username: i % 2 ? "Racer" : "racer",
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(9);
    for (const r of refused) {
      expect(r.status).toBe(422);
      expect(r.data.message).toBe("Username is already taken. Please try another.");
    }
    expect(
      await auth.$context.adapter.count({ model: "user", where: [{ field: "username", value: "racer" }] }),
    ).toBe(1);
  });

  it("when the unique index (not the pre-check) refuses the write, the answer is still 422 taken", async () => {
    // A database hook inserts the same username after the plugin's check passed: only the unique
    // index can catch it, and the conflict hook must name the username as the cause.
    let insertRival = async () => {};
    const { browser, auth } = setup(undefined, {
      databaseHooks: { user: { create: { before: async () => void (await insertRival()) } } },
    });
    insertRival = async () => {
      insertRival = async () => {};
      await auth.$context.adapter.create({
        model: "user",
        data: { email: uniqueEmail(), name: "Rival", username: "raced", emailVerified: false },
      });
    };
    const res = await browser().post<ErrorBody>("/sign-up/email", {
      name: "Second",
      email: uniqueEmail(),
      password: PASSWORD,
      username: "Raced",
    });
    expect(res.status).toBe(422);
    expect(res.data.message).toBe("Username is already taken. Please try another.");
  });
});
