type Awaitable<T> = T | Promise<T>;

/** Which repository a GitHub token is asked for (multi-merchant apps may hold one token per merchant). */
export interface GitHubTokenInput {
  readonly merchantId: string;
  readonly repositoryOwner: string;
  readonly repositoryName: string;
}

/**
 * `billing({ benefits })`: provider access of the Discord and GitHub benefit types. Discord needs no
 * option: each Discord benefit carries its bot token (`properties.guildToken`).
 */
export interface BenefitOptions {
  github?: {
    /**
     * A token that may manage collaborators of the benefits' repositories (a fine-grained token
     * or GitHub App installation token with "Administration: write"), or a function choosing one
     * per merchant and repository. Missing: GitHub grants fail with `github_not_configured`.
     */
    token?: string | ((input: GitHubTokenInput) => Awaitable<string | null | undefined>);
    /** API base. Default `https://api.github.com` (GitHub Enterprise: `https://HOST/api/v3`). */
    apiUrl?: string;
  };
  discord?: {
    /** API base. Default `https://discord.com/api/v10`. */
    apiUrl?: string;
  };
  /** The fetch used for provider calls. Default the global fetch. */
  fetch?: typeof fetch;
}
