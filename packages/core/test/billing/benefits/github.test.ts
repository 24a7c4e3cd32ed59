import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { githubRepositoryStrategy as github } from "../../../src/plugins/billing/benefit-grants/strategies/github";
import type { LinkedAccount } from "../../../src/plugins/billing/benefit-grants/strategy";
import type { BillingOptions } from "../../../src/plugins/billing/options";
import { billingApp } from "../fixtures";
import { type Call, failureOf, record, routes, strategyInput } from "./helpers";

const API = "https://api.github.com";
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const benefit = { repositoryOwner: "acme", repositoryName: "sdk", permission: "push" };
const linked: LinkedAccount = { accountId: "583231", login: "octocat", accessToken: null };
const collaborator = "/repos/acme/sdk/collaborators/octocat";

/** A fake GitHub repository API: collaborators, pending invitations, every call recorded. */
function fakeGitHub(state: {
  collaborators: Set<string>;
  invitations: Map<number, { login: string; permissions: string }>;
}) {
  const calls: Call[] = [];
  let nextInvitation = 41;
  server.use(
    http.get(`${API}/repos/:owner/:repo/collaborators/:login`, async ({ request, params }) => {
      await record(calls, request);
      return new HttpResponse(null, { status: state.collaborators.has(String(params.login)) ? 204 : 404 });
    }),
    http.put(`${API}/repos/:owner/:repo/collaborators/:login`, async ({ request, params }) => {
      const call = await record(calls, request);
      const login = String(params.login);
      if (state.collaborators.has(login)) return new HttpResponse(null, { status: 204 });
      const id = ++nextInvitation;
      const permissions = (call.body as { permission: string }).permission;
      state.invitations.set(id, { login, permissions });
      return HttpResponse.json({ id, permissions, invitee: { login } }, { status: 201 });
    }),
    http.patch(`${API}/repos/:owner/:repo/invitations/:id`, async ({ request, params }) => {
      const call = await record(calls, request);
      const invitation = state.invitations.get(Number(params.id));
      if (!invitation) return HttpResponse.json({ message: "Not Found" }, { status: 404 });
      invitation.permissions = (call.body as { permissions: string }).permissions;
      return HttpResponse.json({ id: Number(params.id), permissions: invitation.permissions });
    }),
    http.delete(`${API}/repos/:owner/:repo/invitations/:id`, async ({ request, params }) => {
      await record(calls, request);
      state.invitations.delete(Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete(`${API}/repos/:owner/:repo/collaborators/:login`, async ({ request, params }) => {
      await record(calls, request);
      state.collaborators.delete(String(params.login));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

const empty = () => ({
  collaborators: new Set<string>(),
  invitations: new Map<number, { login: string; permissions: string }>(),
});

async function ctx(options: BillingOptions = { benefits: { github: { token: "ghp_merchant" } } }) {
  return (await billingApp(options)).services.ctx;
}

function expectHeaders(call: Call, token = "ghp_merchant") {
  expect(call.auth).toBe(`Bearer ${token}`);
  expect(call.headers.get("accept")).toBe("application/vnd.github+json");
  expect(call.headers.get("x-github-api-version")).toBe("2022-11-28");
  expect(call.headers.get("user-agent")).toBe("gatehouse-billing");
}

describe("github_repository strategy: grant", () => {
  it("invites the linked login with the permission; a retried grant sends no second invitation", async () => {
    const state = empty();
    const calls = fakeGitHub(state);
    const input = strategyInput(await ctx(), "github_repository", benefit, { github: linked });

    const properties = await github.grant(input);
    expect(properties).toEqual({
      accountId: "583231",
      login: "octocat",
      repositoryOwner: "acme",
      repositoryName: "sdk",
      permission: "push",
      invitationId: 42,
    });
    expect(input.asked).toEqual(["github"]);
    expect(routes(calls)).toEqual([`GET ${collaborator}`, `PUT ${collaborator}`]);
    for (const call of calls) expectHeaders(call);
    expect(calls[0]!.body).toBeNull();
    expect(calls[1]!.body).toEqual({ permission: "push" });
    expect([...state.invitations.values()]).toEqual([{ login: "octocat", permissions: "push" }]);

    // Retried (the job died after GitHub answered): the pending invitation is kept.
    expect(await github.grant({ ...input, grantProperties: properties })).toEqual(properties);
    expect(routes(calls)).toEqual([`GET ${collaborator}`, `PUT ${collaborator}`, `GET ${collaborator}`]);
    expect(state.invitations.size).toBe(1);

    // Accepted: a collaborator now, still no new call but the check.
    state.collaborators.add("octocat");
    state.invitations.clear();
    expect(await github.grant({ ...input, grantProperties: properties })).toEqual({
      ...properties,
      invitationId: null,
    });
    expect(routes(calls).slice(3)).toEqual([`GET ${collaborator}`]);
  });

  it("an existing collaborator gets the permission set (204, no invitation); then nothing more", async () => {
    const state = empty();
    state.collaborators.add("octocat");
    const calls = fakeGitHub(state);
    const input = strategyInput(await ctx(), "github_repository", benefit, { github: linked });
    const properties = await github.grant(input);
    expect(properties.invitationId).toBeNull();
    expect(routes(calls)).toEqual([`GET ${collaborator}`, `PUT ${collaborator}`]);
    expect(state.invitations.size).toBe(0);
    await github.grant({ ...input, grantProperties: properties });
    expect(routes(calls)).toEqual([`GET ${collaborator}`, `PUT ${collaborator}`, `GET ${collaborator}`]);
  });

  it("a token function gets the merchant and repository", async () => {
    const asked: unknown[] = [];
    const calls = fakeGitHub(empty());
    const options: BillingOptions = {
      benefits: {
        github: {
          token: async (repo) => {
            asked.push(repo);
            return "ghs_installation";
          },
        },
      },
    };
    await github.grant(strategyInput(await ctx(options), "github_repository", benefit, { github: linked }));
    expect(asked).toEqual([{ merchantId: "mer_1", repositoryOwner: "acme", repositoryName: "sdk" }]);
    for (const call of calls) expectHeaders(call, "ghs_installation");
  });

  it("without a linked GitHub account: non-retriable, asks to link, no call", async () => {
    const calls = fakeGitHub(empty());
    const failure = await failureOf(
      github.grant(strategyInput(await ctx(), "github_repository", benefit, {})),
    );
    expect(failure.grantErrorType).toBe("no_linked_account");
    expect(failure.retriable).toBe(false);
    expect(failure.message).toBe(
      "Link your GitHub account to receive this benefit; it is granted as soon as the account is linked.",
    );
    expect(calls).toEqual([]);
  });

  it("a linked account without a login: the login is looked up by the GitHub user id", async () => {
    const state = empty();
    const calls = fakeGitHub(state);
    server.use(
      http.get(`${API}/user/:id`, async ({ request, params }) => {
        await record(calls, request);
        return params.id === "583231"
          ? HttpResponse.json({ id: 583231, login: "octocat" })
          : HttpResponse.json({ message: "Not Found" }, { status: 404 });
      }),
    );
    const granted = await github.grant(
      strategyInput(await ctx(), "github_repository", benefit, {
        github: { accountId: "583231", login: null, accessToken: null },
      }),
    );
    expect(granted).toMatchObject({ accountId: "583231", login: "octocat", invitationId: 42 });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "GET /user/583231",
      `GET ${collaborator}`,
      `PUT ${collaborator}`,
    ]);
    expectHeaders(calls[0]!);
    expect([...state.invitations.values()]).toEqual([{ login: "octocat", permissions: "push" }]);
  });

  it("a GitHub user id GitHub does not know, or no token configured: non-retriable", async () => {
    const calls = fakeGitHub(empty());
    server.use(
      http.get(`${API}/user/:id`, async ({ request }) => {
        await record(calls, request);
        return HttpResponse.json({ message: "Not Found" }, { status: 404 });
      }),
    );
    const noLogin = await failureOf(
      github.grant(
        strategyInput(await ctx(), "github_repository", benefit, {
          github: { accountId: "1", accessToken: null },
        }),
      ),
    );
    expect([noLogin.grantErrorType, noLogin.retriable]).toEqual(["github_login_missing", false]);
    const noToken = await failureOf(
      github.grant(strategyInput(await ctx({}), "github_repository", benefit, { github: linked })),
    );
    expect([noToken.grantErrorType, noToken.retriable]).toEqual(["github_not_configured", false]);
    // Only the login lookup was made; nothing was asked of the repository.
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /user/1"]);
  });
});

describe("github_repository strategy: failures are classified", () => {
  const grant = async () =>
    failureOf(github.grant(strategyInput(await ctx(), "github_repository", benefit, { github: linked })));
  const onPut = (response: () => Response) => {
    const calls = fakeGitHub(empty());
    server.use(
      http.put(`${API}/repos/acme/sdk/collaborators/octocat`, async ({ request }) => {
        await record(calls, request);
        return response();
      }),
    );
    return calls;
  };

  it("5xx is retriable", async () => {
    onPut(() => HttpResponse.json({ message: "Server Error" }, { status: 500 }));
    const failure = await grant();
    expect([failure.grantErrorType, failure.retriable]).toEqual(["github_unavailable", true]);
    expect(failure.message).toBe("GitHub answered 500: Server Error; the grant will be retried.");
  });

  it("a rate limit (403 with no requests left, or 429) is retriable with Retry-After", async () => {
    onPut(() =>
      HttpResponse.json(
        { message: "API rate limit exceeded" },
        { status: 403, headers: { "x-ratelimit-remaining": "0", "retry-after": "60" } },
      ),
    );
    const limited = await grant();
    expect([limited.grantErrorType, limited.retriable, limited.retryAfterSeconds]).toEqual([
      "github_rate_limited",
      true,
      60,
    ]);
    server.resetHandlers();
    onPut(() => new HttpResponse(null, { status: 429 }));
    expect((await grant()).retriable).toBe(true);
  });

  it("a network error is retriable", async () => {
    onPut(() => HttpResponse.error());
    const failure = await grant();
    expect([failure.grantErrorType, failure.retriable]).toEqual(["github_unavailable", true]);
  });

  it("4xx is not retriable and carries GitHub's message", async () => {
    const calls = onPut(() => HttpResponse.json({ message: "Validation Failed" }, { status: 422 }));
    const failure = await grant();
    expect([failure.grantErrorType, failure.retriable]).toEqual(["github_error", false]);
    expect(failure.message).toBe("GitHub refused the request (422): Validation Failed.");
    expect(routes(calls)).toEqual([`GET ${collaborator}`, `PUT ${collaborator}`]);
  });

  it("a token without access (403 without rate limit headers) is not retriable", async () => {
    onPut(() => HttpResponse.json({ message: "Resource not accessible by integration" }, { status: 403 }));
    const failure = await grant();
    expect(failure.retriable).toBe(false);
    expect(failure.message).toBe("GitHub refused the request (403): Resource not accessible by integration.");
  });
});

describe("github_repository strategy: revoke, update, cycle", () => {
  const pending = {
    accountId: "583231",
    login: "octocat",
    repositoryOwner: "acme",
    repositoryName: "sdk",
    permission: "push",
    invitationId: 42,
  };

  it("revoke cancels the pending invitation and removes the collaborator, keeping the account", async () => {
    const state = empty();
    state.invitations.set(42, { login: "octocat", permissions: "push" });
    const calls = fakeGitHub(state);
    const input = strategyInput(await ctx(), "github_repository", benefit, { github: linked }, pending);
    expect(await github.revoke(input)).toEqual({ accountId: "583231" });
    expect(routes(calls)).toEqual(["DELETE /repos/acme/sdk/invitations/42", `DELETE ${collaborator}`]);
    for (const call of calls) expectHeaders(call);
    expect(state.invitations.size).toBe(0);
    expect(input.asked).toEqual([]);
  });

  it("revoke of an accepted grant removes the collaborator from the repository it was granted on", async () => {
    const state = empty();
    state.collaborators.add("octocat");
    const calls = fakeGitHub(state);
    const moved = { ...benefit, repositoryName: "other" };
    const input = strategyInput(
      await ctx(),
      "github_repository",
      moved,
      {},
      { ...pending, invitationId: null },
    );
    await github.revoke(input);
    expect(routes(calls)).toEqual([`DELETE ${collaborator}`]);
    expect(state.collaborators.size).toBe(0);
  });

  it("revoke of a grant that never reached GitHub does nothing", async () => {
    const calls = fakeGitHub(empty());
    expect(await github.revoke(strategyInput(await ctx(), "github_repository", benefit, {}))).toEqual({});
    expect(calls).toEqual([]);
  });

  it("update of the permission re-PUTs an accepted collaborator", async () => {
    const state = empty();
    state.collaborators.add("octocat");
    const calls = fakeGitHub(state);
    const next = { ...benefit, permission: "maintain" };
    const input = strategyInput(
      await ctx(),
      "github_repository",
      next,
      { github: linked },
      { ...pending, invitationId: null },
    );
    const properties = await github.update({ ...input, previousProperties: benefit });
    expect(properties).toMatchObject({ permission: "maintain", invitationId: null });
    expect(routes(calls)).toEqual([`GET ${collaborator}`, `PUT ${collaborator}`]);
    expect(calls[1]!.body).toEqual({ permission: "maintain" });
  });

  it("update of the permission changes a pending invitation instead of sending another", async () => {
    const state = empty();
    state.invitations.set(42, { login: "octocat", permissions: "push" });
    const calls = fakeGitHub(state);
    const next = { ...benefit, permission: "pull" };
    const input = strategyInput(await ctx(), "github_repository", next, { github: linked }, pending);
    const properties = await github.update({ ...input, previousProperties: benefit });
    expect(properties).toMatchObject({ permission: "pull", invitationId: 42 });
    expect(routes(calls)).toEqual([`GET ${collaborator}`, "PATCH /repos/acme/sdk/invitations/42"]);
    expect(calls[1]!.body).toEqual({ permissions: "read" });
    expect(state.invitations.get(42)).toEqual({ login: "octocat", permissions: "read" });
  });

  it("update to another repository undoes the old one, then invites on the new one", async () => {
    const state = empty();
    state.collaborators.add("octocat");
    const calls = fakeGitHub(state);
    const next = { ...benefit, repositoryName: "cli" };
    const granted = { ...pending, invitationId: null };
    const input = strategyInput(await ctx(), "github_repository", next, { github: linked }, granted);
    const properties = await github.update({ ...input, previousProperties: benefit });
    expect(properties).toMatchObject({ repositoryName: "cli", invitationId: 42 });
    expect(routes(calls)).toEqual([
      `DELETE ${collaborator}`,
      "GET /repos/acme/cli/collaborators/octocat",
      "PUT /repos/acme/cli/collaborators/octocat",
    ]);
  });

  it("cycle keeps the grant as it is, without calling GitHub", async () => {
    const calls = fakeGitHub(empty());
    const input = strategyInput(await ctx(), "github_repository", benefit, { github: linked }, pending);
    expect(await github.cycle(input)).toEqual(pending);
    expect(calls).toEqual([]);
  });
});
