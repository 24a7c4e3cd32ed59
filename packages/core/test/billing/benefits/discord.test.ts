import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { discordStrategy } from "../../../src/plugins/billing/benefit-grants/strategies/discord";
import type { LinkedAccount } from "../../../src/plugins/billing/benefit-grants/strategy";
import { billingApp } from "../fixtures";
import { type Call, failureOf, record, routes, strategyInput } from "./helpers";

const API = "https://discord.com/api/v10";
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const benefit = { guildId: "g1", roleId: "r1", guildToken: "bot-token-1", kickMember: false };
const linked: LinkedAccount = { accountId: "u1", accessToken: "user-oauth-token" };
const member = "/api/v10/guilds/g1/members/u1";

/** A fake Discord guild API: members and their roles, every call recorded. */
function fakeDiscord(members: Map<string, string[]>) {
  const calls: Call[] = [];
  const unknownMember = () => HttpResponse.json({ message: "Unknown Member", code: 10007 }, { status: 404 });
  server.use(
    http.get(`${API}/guilds/:guild/members/:user`, async ({ request, params }) => {
      await record(calls, request);
      const roles = members.get(String(params.user));
      return roles ? HttpResponse.json({ user: { id: params.user }, roles }) : unknownMember();
    }),
    http.put(`${API}/guilds/:guild/members/:user`, async ({ request, params }) => {
      const call = await record(calls, request);
      const user = String(params.user);
      if (members.has(user)) return new HttpResponse(null, { status: 204 });
      members.set(user, [...((call.body as { roles?: string[] }).roles ?? [])]);
      return HttpResponse.json({ user: { id: user }, roles: members.get(user) }, { status: 201 });
    }),
    http.put(`${API}/guilds/:guild/members/:user/roles/:role`, async ({ request, params }) => {
      await record(calls, request);
      const roles = members.get(String(params.user));
      if (!roles) return unknownMember();
      if (!roles.includes(String(params.role))) roles.push(String(params.role));
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete(`${API}/guilds/:guild/members/:user/roles/:role`, async ({ request, params }) => {
      await record(calls, request);
      const roles = members.get(String(params.user));
      if (!roles) return unknownMember();
      members.set(
        String(params.user),
        roles.filter((r) => r !== params.role),
      );
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete(`${API}/guilds/:guild/members/:user`, async ({ request, params }) => {
      await record(calls, request);
      if (!members.delete(String(params.user))) return unknownMember();
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

async function ctx() {
  return (await billingApp()).services.ctx;
}

describe("discord strategy: grant", () => {
  it("adds a non-member to the guild with the role, with the user's token; a second grant changes nothing", async () => {
    const members = new Map<string, string[]>();
    const calls = fakeDiscord(members);
    const input = strategyInput(await ctx(), "discord", benefit, { discord: linked });

    const properties = await discordStrategy.grant(input);
    expect(properties).toEqual({ accountId: "u1", guildId: "g1", roleId: "r1" });
    expect(input.asked).toEqual(["discord"]);
    expect(routes(calls)).toEqual([`GET ${member}`, `PUT ${member}`]);
    for (const call of calls) expect(call.auth).toBe("Bot bot-token-1");
    expect(calls[0]!.body).toBeNull();
    expect(calls[1]!.body).toEqual({ access_token: "user-oauth-token", roles: ["r1"] });
    expect(members.get("u1")).toEqual(["r1"]);

    const again = await discordStrategy.grant({ ...input, grantProperties: properties });
    expect(again).toEqual(properties);
    expect(routes(calls)).toEqual([`GET ${member}`, `PUT ${member}`, `GET ${member}`]);
  });

  it("adds only the role to an existing member (no access token needed); idempotent", async () => {
    const members = new Map([["u1", ["other"]]]);
    const calls = fakeDiscord(members);
    const input = strategyInput(await ctx(), "discord", benefit, {
      discord: { accountId: "u1", accessToken: null },
    });

    await discordStrategy.grant(input);
    expect(routes(calls)).toEqual([`GET ${member}`, `PUT ${member}/roles/r1`]);
    expect(calls[1]!.auth).toBe("Bot bot-token-1");
    expect(calls[1]!.body).toBeNull();
    expect(members.get("u1")).toEqual(["other", "r1"]);

    await discordStrategy.grant(input);
    expect(routes(calls)).toEqual([`GET ${member}`, `PUT ${member}/roles/r1`, `GET ${member}`]);
  });

  it("adds the role when the user joined between the check and the join (204)", async () => {
    const members = new Map<string, string[]>();
    const calls = fakeDiscord(members);
    server.use(
      http.get(`${API}/guilds/g1/members/u1`, async ({ request }) => {
        await record(calls, request);
        members.set("u1", []);
        return HttpResponse.json({ message: "Unknown Member", code: 10007 }, { status: 404 });
      }),
    );
    await discordStrategy.grant(strategyInput(await ctx(), "discord", benefit, { discord: linked }));
    expect(routes(calls)).toEqual([`GET ${member}`, `PUT ${member}`, `PUT ${member}/roles/r1`]);
    expect(members.get("u1")).toEqual(["r1"]);
  });

  it("without a linked Discord account: a stored, non-retriable error asking to link, no call", async () => {
    const calls = fakeDiscord(new Map());
    const failure = await failureOf(
      discordStrategy.grant(strategyInput(await ctx(), "discord", benefit, {})),
    );
    expect(failure.grantErrorType).toBe("no_linked_account");
    expect(failure.retriable).toBe(false);
    expect(failure.message).toBe(
      "Link your Discord account to receive this benefit; it is granted as soon as the account is linked.",
    );
    expect(calls).toEqual([]);
  });

  it("a non-member without an access token cannot be added: non-retriable, asks to sign in again", async () => {
    const calls = fakeDiscord(new Map());
    const input = strategyInput(await ctx(), "discord", benefit, {
      discord: { accountId: "u1", accessToken: null },
    });
    const failure = await failureOf(discordStrategy.grant(input));
    expect(failure.grantErrorType).toBe("discord_access_token_missing");
    expect(failure.retriable).toBe(false);
    expect(routes(calls)).toEqual([`GET ${member}`]);
  });
});

describe("discord strategy: failures are classified", () => {
  const grant = async () =>
    failureOf(discordStrategy.grant(strategyInput(await ctx(), "discord", benefit, { discord: linked })));

  it("5xx is retriable", async () => {
    server.use(
      http.get(`${API}/guilds/g1/members/u1`, () => HttpResponse.json({ message: "oops" }, { status: 502 })),
    );
    const failure = await grant();
    expect(failure.grantErrorType).toBe("discord_unavailable");
    expect(failure.retriable).toBe(true);
    expect(failure.message).toBe("Discord answered 502: oops; the grant will be retried.");
  });

  it("429 is retriable and carries Discord's retry_after", async () => {
    server.use(
      http.get(`${API}/guilds/g1/members/u1`, () =>
        HttpResponse.json(
          { message: "You are being rate limited.", retry_after: 1.5, global: false },
          { status: 429 },
        ),
      ),
    );
    const failure = await grant();
    expect(failure.grantErrorType).toBe("discord_rate_limited");
    expect(failure.retriable).toBe(true);
    expect(failure.retryAfterSeconds).toBe(1.5);
  });

  it("a network error is retriable", async () => {
    server.use(http.get(`${API}/guilds/g1/members/u1`, () => HttpResponse.error()));
    const failure = await grant();
    expect(failure.grantErrorType).toBe("discord_unavailable");
    expect(failure.retriable).toBe(true);
    expect(failure.message).toMatch(/^Discord could not be reached: /);
  });

  it("4xx is not retriable and carries Discord's message", async () => {
    const calls = fakeDiscord(new Map([["u1", []]]));
    server.use(
      http.put(`${API}/guilds/g1/members/u1/roles/r1`, async ({ request }) => {
        await record(calls, request);
        return HttpResponse.json({ message: "Missing Permissions", code: 50013 }, { status: 403 });
      }),
    );
    const failure = await grant();
    expect(failure.grantErrorType).toBe("discord_error");
    expect(failure.retriable).toBe(false);
    expect(failure.message).toBe("Discord refused the request (403): Missing Permissions.");
    expect(routes(calls)).toEqual([`GET ${member}`, `PUT ${member}/roles/r1`]);
  });

  it("an unknown guild (404 that is not Unknown Member) is not retriable", async () => {
    server.use(
      http.get(`${API}/guilds/g1/members/u1`, () =>
        HttpResponse.json({ message: "Unknown Guild", code: 10004 }, { status: 404 }),
      ),
    );
    const failure = await grant();
    expect(failure.retriable).toBe(false);
    expect(failure.message).toBe("Discord refused the request (404): Unknown Guild.");
  });
});

describe("discord strategy: revoke, update, cycle", () => {
  const granted = { accountId: "u1", guildId: "g1", roleId: "r1" };

  it("revoke removes the role and keeps the account; again (member gone) is still fine", async () => {
    const members = new Map([["u1", ["r1", "other"]]]);
    const calls = fakeDiscord(members);
    const input = strategyInput(await ctx(), "discord", benefit, { discord: linked }, granted);
    expect(await discordStrategy.revoke(input)).toEqual({ accountId: "u1" });
    expect(routes(calls)).toEqual([`DELETE ${member}/roles/r1`]);
    expect(calls[0]!.auth).toBe("Bot bot-token-1");
    expect(members.get("u1")).toEqual(["other"]);
    expect(input.asked).toEqual([]);

    members.delete("u1");
    expect(await discordStrategy.revoke(input)).toEqual({ accountId: "u1" });
  });

  it("revoke with kickMember kicks the member", async () => {
    const members = new Map([["u1", ["r1"]]]);
    const calls = fakeDiscord(members);
    const input = strategyInput(await ctx(), "discord", { ...benefit, kickMember: true }, {}, granted);
    expect(await discordStrategy.revoke(input)).toEqual({ accountId: "u1" });
    expect(routes(calls)).toEqual([`DELETE ${member}`]);
    expect(members.has("u1")).toBe(false);
    // Kicking someone who already left is done, not an error.
    expect(await discordStrategy.revoke(input)).toEqual({ accountId: "u1" });
  });

  it("revoke of a grant that never reached an account does nothing", async () => {
    const calls = fakeDiscord(new Map());
    expect(await discordStrategy.revoke(strategyInput(await ctx(), "discord", benefit, {}))).toEqual({});
    expect(calls).toEqual([]);
  });

  it("revoke failures are classified like grants", async () => {
    server.use(
      http.delete(`${API}/guilds/g1/members/u1/roles/r1`, () => new HttpResponse(null, { status: 500 })),
    );
    const failure = await failureOf(
      discordStrategy.revoke(strategyInput(await ctx(), "discord", benefit, { discord: linked }, granted)),
    );
    expect(failure.retriable).toBe(true);
  });

  it("update to another role removes the old role with the old token, then grants the new one", async () => {
    const members = new Map([["u1", ["r1"]]]);
    const calls = fakeDiscord(members);
    const next = { ...benefit, roleId: "r2", guildToken: "bot-token-2" };
    const input = strategyInput(await ctx(), "discord", next, { discord: linked }, granted);
    const properties = await discordStrategy.update({ ...input, previousProperties: benefit });
    expect(properties).toEqual({ accountId: "u1", guildId: "g1", roleId: "r2" });
    expect(routes(calls)).toEqual([`DELETE ${member}/roles/r1`, `GET ${member}`, `PUT ${member}/roles/r2`]);
    expect(calls.map((c) => c.auth)).toEqual(["Bot bot-token-1", "Bot bot-token-2", "Bot bot-token-2"]);
    expect(members.get("u1")).toEqual(["r2"]);
  });

  it("update without a role change only re-checks the grant", async () => {
    const calls = fakeDiscord(new Map([["u1", ["r1"]]]));
    const input = strategyInput(
      await ctx(),
      "discord",
      { ...benefit, kickMember: true },
      { discord: linked },
      granted,
    );
    await discordStrategy.update({ ...input, previousProperties: benefit });
    expect(routes(calls)).toEqual([`GET ${member}`]);
  });

  it("cycle keeps the grant as it is, without calling Discord", async () => {
    const calls = fakeDiscord(new Map());
    const input = strategyInput(await ctx(), "discord", benefit, { discord: linked }, granted);
    expect(await discordStrategy.cycle(input)).toEqual(granted);
    expect(calls).toEqual([]);
  });
});
