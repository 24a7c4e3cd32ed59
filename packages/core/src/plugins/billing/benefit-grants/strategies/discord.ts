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
 * `discord`: the customer's Discord account (linked through social sign-in) gets the benefit's
 * role in the guild, through Discord's HTTP API with the merchant's bot token
 * (`properties.guildToken`). Grant joins the guild with the user's OAuth access token (scope
 * `guilds.join`) when they are not a member yet, else adds the role; revoke removes the role, or
 * kicks with `kickMember`. Every call is read-before-write, so a retried grant changes nothing.
 */

const DISCORD_API = "https://discord.com/api/v10";
/** Discord's JSON error code for "Unknown Member". */
const UNKNOWN_MEMBER = 10007;

interface DiscordBenefit {
  guildId: string;
  roleId: string;
  guildToken: string;
  kickMember: boolean;
}

const str = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

function discordProperties(properties: Record<string, unknown>): DiscordBenefit {
  return {
    guildId: String(properties.guildId ?? ""),
    roleId: String(properties.roleId ?? ""),
    guildToken: String(properties.guildToken ?? ""),
    kickMember: properties.kickMember === true,
  };
}

function discordApi(ctx: BillingContext, botToken: string) {
  const provider: Provider = {
    id: "discord",
    name: "Discord",
    fetch: providerFetch(ctx.options.benefits?.fetch),
  };
  const base = ctx.options.benefits?.discord?.apiUrl ?? DISCORD_API;
  const headers = { authorization: `Bot ${botToken}`, "user-agent": "DiscordBot (gatehouse, 1)" };
  const call = (method: string, path: string, body?: unknown) =>
    providerCall(provider, `${base}${path}`, { method, headers, body });
  const isUnknownMember = (res: ProviderResponse) =>
    res.status === 404 && (res.body as { code?: unknown } | null)?.code === UNKNOWN_MEMBER;
  const member = (guildId: string, userId: string) =>
    `/guilds/${encodeURIComponent(guildId)}/members/${encodeURIComponent(userId)}`;
  const ok = (res: ProviderResponse, tolerateUnknownMember = false) => {
    if (res.status >= 200 && res.status < 300) return;
    if (tolerateUnknownMember && isUnknownMember(res)) return;
    throw providerFailure(provider, res);
  };

  return {
    /** The member's role ids, or null when the user is not in the guild. */
    async roles(guildId: string, userId: string): Promise<string[] | null> {
      const res = await call("GET", member(guildId, userId));
      if (isUnknownMember(res)) return null;
      ok(res);
      const roles = (res.body as { roles?: unknown } | null)?.roles;
      return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === "string") : [];
    },
    /** Joins the guild with the role; false when the user turned out to be a member already (204). */
    async join(guildId: string, userId: string, accessToken: string, roleId: string): Promise<boolean> {
      const res = await call("PUT", member(guildId, userId), { access_token: accessToken, roles: [roleId] });
      ok(res);
      return res.status !== 204;
    },
    async addRole(guildId: string, userId: string, roleId: string) {
      ok(await call("PUT", `${member(guildId, userId)}/roles/${encodeURIComponent(roleId)}`));
    },
    /** Removing from someone who already left is done, not an error. */
    async removeRole(guildId: string, userId: string, roleId: string) {
      ok(await call("DELETE", `${member(guildId, userId)}/roles/${encodeURIComponent(roleId)}`), true);
    },
    async kick(guildId: string, userId: string) {
      ok(await call("DELETE", member(guildId, userId)), true);
    },
  };
}

async function grantDiscord(input: BenefitStrategyInput): Promise<GrantProperties> {
  const account = await input.linkedAccount("discord");
  if (!account) {
    throw grantFailure(
      "no_linked_account",
      "Link your Discord account to receive this benefit; it is granted as soon as the account is linked.",
      false,
    );
  }
  const benefit = discordProperties(input.benefit.properties);
  const api = discordApi(input.ctx, benefit.guildToken);
  const roles = await api.roles(benefit.guildId, account.accountId);
  if (roles === null) {
    if (!account.accessToken) {
      throw grantFailure(
        "discord_access_token_missing",
        "Sign in with Discord again so you can be added to the server.",
        false,
      );
    }
    const joined = await api.join(benefit.guildId, account.accountId, account.accessToken, benefit.roleId);
    // 204: they joined in the meantime, and Discord ignores `roles` for existing members.
    if (!joined) await api.addRole(benefit.guildId, account.accountId, benefit.roleId);
  } else if (!roles.includes(benefit.roleId)) {
    await api.addRole(benefit.guildId, account.accountId, benefit.roleId);
  }
  return { accountId: account.accountId, guildId: benefit.guildId, roleId: benefit.roleId };
}

/** Takes away what a grant gave (from the guild and role it stored), with the given bot token. */
async function takeAway(
  input: BenefitStrategyInput,
  benefit: DiscordBenefit,
  kick: boolean,
): Promise<GrantProperties> {
  const stored = input.grantProperties;
  const accountId = str(stored.accountId) ?? (await input.linkedAccount("discord"))?.accountId ?? null;
  // Never granted to an account: nothing to take away.
  if (!accountId) return {};
  const guildId = str(stored.guildId) ?? benefit.guildId;
  const roleId = str(stored.roleId) ?? benefit.roleId;
  const api = discordApi(input.ctx, benefit.guildToken);
  if (kick) await api.kick(guildId, accountId);
  else await api.removeRole(guildId, accountId, roleId);
  // The account stays known, so a later re-grant needs no new link.
  return { accountId };
}

export const discordStrategy: BenefitStrategy = {
  type: "discord",
  grant: grantDiscord,
  revoke(input) {
    const benefit = discordProperties(input.benefit.properties);
    return takeAway(input, benefit, benefit.kickMember);
  },
  async cycle(input) {
    return input.grantProperties;
  },
  /** A new guild or role: the old role goes (with the previous bot token), then the grant runs again. */
  async update(input) {
    const previous = discordProperties(input.previousProperties);
    const current = discordProperties(input.benefit.properties);
    const moved = previous.guildId !== current.guildId || previous.roleId !== current.roleId;
    if (moved && str(input.grantProperties.accountId) && previous.guildToken) {
      const kick = previous.kickMember && previous.guildId !== current.guildId;
      await takeAway(input, previous, kick);
    }
    return grantDiscord(input);
  },
};
