import { type BenefitStrategy, grantFailure } from "../strategy";

/**
 * Placeholders for the types whose strategies are written separately (discord, github_repository,
 * downloadables): every call is a stored, non-retriable `not_available` failure, so a grant waits
 * (and is retried when the real strategy arrives) and a revoke still completes.
 */
function pending(type: "discord" | "github_repository" | "downloadables"): BenefitStrategy {
  const fail = async (): Promise<never> => {
    throw grantFailure("not_available", `Benefits of type ${type} cannot be granted yet.`, false);
  };
  return { type, grant: fail, revoke: fail, cycle: fail, update: fail };
}

export const discordStrategy = pending("discord");
export const githubRepositoryStrategy = pending("github_repository");
export const downloadablesStrategy = pending("downloadables");
