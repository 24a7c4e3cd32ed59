import type { BillingContext } from "../../context";
import {
  type BenefitStrategy,
  type BenefitStrategyInput,
  type GrantProperties,
  grantFailure,
} from "../strategy";
import {
  type Provider,
  type ProviderResponse,
  providerCall,
  providerFailure,
  providerFetch,
} from "./provider-http";

/**
 * `github_repository`: the customer's linked GitHub account becomes a collaborator of the
 * repository with the benefit's permission (an invitation GitHub mails them, or a direct add for
 * members of the owning organization), through GitHub's REST API with the token from
 * `billing({ benefits: { github: { token } } })`. Grant properties keep the account, repository,
 * permission and invitation, so a retried grant sends no second invitation and a revoke knows what
 * to undo after the merchant edits the benefit.
 */

const GITHUB_API = "https://api.github.com";

interface Repo {
  owner: string;
  name: string;
  permission: string;
}

const str = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

const repoOf = (properties: Record<string, unknown>): Repo => ({
  owner: String(properties.repositoryOwner ?? ""),
  name: String(properties.repositoryName ?? ""),
  permission: String(properties.permission ?? "pull"),
});

/** What a grant stored: the repository, login and permission it gave, and a pending invitation. */
function storedOf(properties: GrantProperties) {
  const owner = str(properties.repositoryOwner);
  const name = str(properties.repositoryName);
  const login = str(properties.login);
  if (!owner || !name || !login) return null;
  const invitationId = properties.invitationId;
  return {
    repo: { owner, name, permission: String(properties.permission ?? "") },
    login,
    accountId: str(properties.accountId),
    invitationId: typeof invitationId === "number" ? invitationId : null,
  };
}

async function tokenFor(ctx: BillingContext, merchantId: string, repo: Repo): Promise<string> {
  const option = ctx.options.benefits?.github?.token;
  const token =
    typeof option === "function"
      ? await option({ merchantId, repositoryOwner: repo.owner, repositoryName: repo.name })
      : option;
  if (!token) {
    throw grantFailure(
      "github_not_configured",
      "No GitHub token is configured for this repository (billing({ benefits: { github: { token } } })).",
      false,
    );
  }
  return token;
}

async function githubApi(input: BenefitStrategyInput, repo: Repo) {
  const ctx = input.ctx;
  const provider: Provider = {
    id: "github",
    name: "GitHub",
    fetch: providerFetch(ctx.options.benefits?.fetch),
  };
  const base = ctx.options.benefits?.github?.apiUrl ?? GITHUB_API;
  const headers = {
    authorization: `Bearer ${await tokenFor(ctx, input.benefit.merchantId, repo)}`,
    accept: "application/vnd.github+json",
    "x-github-api-version": "2022-11-28",
    "user-agent": "gatehouse-billing",
  };
  const path = `/repos/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.name)}`;
  const call = (method: string, sub: string, body?: unknown) =>
    providerCall(provider, `${base}${path}${sub}`, { method, headers, body });
  const ok = (res: ProviderResponse, tolerate404 = false) => {
    if (res.status >= 200 && res.status < 300) return;
    if (tolerate404 && res.status === 404) return;
    throw providerFailure(provider, res);
  };
  const collaborator = (login: string) => `/collaborators/${encodeURIComponent(login)}`;

  return {
    /**
     * The current login of a GitHub user id (`GET /user/{id}`): social sign-in stores the id, and a
     * login can change, so it is looked up when the linked account does not carry one. A user
     * GitHub no longer knows: null.
     */
    async loginOf(accountId: string): Promise<string | null> {
      const res = await providerCall(provider, `${base}/user/${encodeURIComponent(accountId)}`, {
        method: "GET",
        headers,
      });
      if (res.status === 404) return null;
      ok(res);
      const login = (res.body as { login?: unknown } | null)?.login;
      return typeof login === "string" && login ? login : null;
    },
    async isCollaborator(login: string): Promise<boolean> {
      const res = await call("GET", collaborator(login));
      if (res.status === 404) return false;
      ok(res);
      return true;
    },
    /** Adds or invites; the invitation id when GitHub sent one (201), else null (204: added). */
    async invite(login: string, permission: string): Promise<number | null> {
      const res = await call("PUT", collaborator(login), { permission });
      ok(res);
      const id = (res.body as { id?: unknown } | null)?.id;
      return res.status === 201 && typeof id === "number" ? id : null;
    },
    /** A pending invitation's permission (invitations name pull/push as read/write). */
    async changeInvitation(id: number, permission: string) {
      const permissions = permission === "pull" ? "read" : permission === "push" ? "write" : permission;
      const res = await call("PATCH", `/invitations/${id}`, { permissions });
      ok(res, true);
      return res.status !== 404;
    },
    async cancelInvitation(id: number) {
      ok(await call("DELETE", `/invitations/${id}`), true);
    },
    async remove(login: string) {
      ok(await call("DELETE", collaborator(login)), true);
    },
  };
}

async function grantGitHub(input: BenefitStrategyInput): Promise<GrantProperties> {
  const account = await input.linkedAccount("github");
  if (!account) {
    throw grantFailure(
      "no_linked_account",
      "Link your GitHub account to receive this benefit; it is granted as soon as the account is linked.",
      false,
    );
  }
  const repo = repoOf(input.benefit.properties);
  const api = await githubApi(input, repo);
  const login = account.login ?? (await api.loginOf(account.accountId));
  if (!login) {
    throw grantFailure(
      "github_login_missing",
      "Your linked GitHub account has no known username; sign in with GitHub again.",
      false,
    );
  }
  const stored = storedOf(input.grantProperties);
  const same =
    stored !== null &&
    stored.login === login &&
    stored.repo.owner === repo.owner &&
    stored.repo.name === repo.name &&
    stored.repo.permission === repo.permission;
  const properties = {
    accountId: account.accountId,
    login,
    repositoryOwner: repo.owner,
    repositoryName: repo.name,
    permission: repo.permission,
  };
  const isCollaborator = await api.isCollaborator(login);
  // This grant already gave exactly this: a collaborator, or an invitation still pending.
  if (same && (isCollaborator || stored.invitationId !== null)) {
    return { ...properties, invitationId: isCollaborator ? null : stored.invitationId };
  }
  // Only the permission changed while the invitation is pending: the invitation is changed.
  const pending = stored?.login === login && !isCollaborator ? stored.invitationId : null;
  if (
    pending !== null &&
    stored?.repo.owner === repo.owner &&
    stored.repo.name === repo.name &&
    (await api.changeInvitation(pending, repo.permission))
  ) {
    return { ...properties, invitationId: pending };
  }
  const invitationId = await api.invite(login, repo.permission);
  return { ...properties, invitationId };
}

/** Undoes what a grant stored: cancels a pending invitation, removes the collaborator. */
async function takeAway(input: BenefitStrategyInput): Promise<GrantProperties> {
  const stored = storedOf(input.grantProperties);
  if (!stored) return {};
  const api = await githubApi(input, stored.repo);
  if (stored.invitationId !== null) await api.cancelInvitation(stored.invitationId);
  await api.remove(stored.login);
  // The account stays known, so a later re-grant needs no new link.
  return stored.accountId ? { accountId: stored.accountId } : {};
}

export const githubRepositoryStrategy: BenefitStrategy = {
  type: "github_repository",
  grant: grantGitHub,
  revoke: takeAway,
  async cycle(input) {
    return input.grantProperties;
  },
  /**
   * Another repository: the old one is undone first. The same repository with another permission:
   * the grant runs again and re-PUTs the collaborator with the new permission.
   */
  async update(input) {
    const stored = storedOf(input.grantProperties);
    const repo = repoOf(input.benefit.properties);
    if (stored && (stored.repo.owner !== repo.owner || stored.repo.name !== repo.name)) {
      await takeAway(input);
      return grantGitHub({ ...input, grantProperties: {} });
    }
    return grantGitHub(input);
  },
};
