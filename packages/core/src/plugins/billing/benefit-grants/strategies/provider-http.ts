import { type BenefitGrantFailure, grantFailure } from "../strategy";

/** The provider a benefit strategy talks to, as named in grant errors ("discord_unavailable"). */
export interface Provider {
  readonly id: "discord" | "github";
  readonly name: string;
  readonly fetch: typeof fetch;
}

export interface ProviderResponse {
  readonly status: number;
  readonly headers: Headers;
  /** The parsed JSON body, or null when there is none. */
  readonly body: unknown;
}

/** A provider failure may say when to come back (seconds, from Retry-After or the body). */
export type ProviderFailure = BenefitGrantFailure & { readonly retryAfterSeconds?: number };

/**
 * One provider call. A network error (no answer) is a retriable grant failure; every answer,
 * error statuses included, is returned for the strategy to read.
 */
export async function providerCall(
  provider: Provider,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown },
): Promise<ProviderResponse> {
  let response: Response;
  try {
    response = await provider.fetch(url, {
      method: init.method,
      headers:
        init.body === undefined ? init.headers : { ...init.headers, "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw grantFailure(
      `${provider.id}_unavailable`,
      `${provider.name} could not be reached: ${reason}`,
      true,
    );
  }
  const text = await response.text();
  let body: unknown = null;
  if (text !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      body = { message: text.slice(0, 500) };
    }
  }
  return { status: response.status, headers: response.headers, body };
}

const messageOf = (body: unknown): string | null => {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === "string" && message !== "" ? message.slice(0, 500) : null;
};

function retryAfter(res: ProviderResponse): number | undefined {
  const header = Number(res.headers.get("retry-after"));
  if (Number.isFinite(header) && header > 0) return header;
  const inBody = (res.body as { retry_after?: unknown } | null)?.retry_after;
  return typeof inBody === "number" && inBody > 0 ? inBody : undefined;
}

/**
 * Classifies an error answer: rate limits (429, or GitHub's 403 with no requests left) and 5xx
 * are retriable (the provider will answer later); other 4xx are not (a wrong token, a missing
 * permission, an unknown role) and carry the provider's own message for the merchant.
 */
export function providerFailure(provider: Provider, res: ProviderResponse): ProviderFailure {
  const limited =
    res.status === 429 ||
    (res.status === 403 &&
      (res.headers.get("x-ratelimit-remaining") === "0" || res.headers.get("retry-after") !== null));
  const said = messageOf(res.body);
  if (limited) {
    const failure = grantFailure(
      `${provider.id}_rate_limited`,
      `${provider.name} rate limit reached; the grant will be retried.`,
      true,
    );
    const seconds = retryAfter(res);
    return seconds === undefined ? failure : Object.assign(failure, { retryAfterSeconds: seconds });
  }
  if (res.status >= 500) {
    return grantFailure(
      `${provider.id}_unavailable`,
      `${provider.name} answered ${res.status}${said ? `: ${said}` : ""}; the grant will be retried.`,
      true,
    );
  }
  return grantFailure(
    `${provider.id}_error`,
    `${provider.name} refused the request (${res.status})${said ? `: ${said}` : ""}.`,
    false,
  );
}

/** The provider's options from the billing options (fetch injectable for tests and proxies). */
export const providerFetch = (custom: typeof fetch | undefined): typeof fetch =>
  custom ?? ((input, init) => fetch(input, init));
