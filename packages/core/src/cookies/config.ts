import type { CookieAttributes } from "./serialize";

export interface CookieConfig {
  readonly names: {
    readonly sessionToken: string;
    readonly sessionData: string;
    readonly dontRemember: string;
  };
  /** Attributes of every auth cookie: HttpOnly, SameSite=Lax, Path=/, Secure on https. */
  readonly attributes: CookieAttributes;
  readonly secure: boolean;
  readonly prefix: string;
}

export function createCookieConfig(input: {
  baseURL: string;
  prefix?: string;
  useSecureCookies?: boolean;
  defaults?: { domain?: string; sameSite?: "lax" | "strict" | "none"; partitioned?: boolean };
}): CookieConfig {
  const secure = input.useSecureCookies ?? input.baseURL.startsWith("https://");
  const prefix = input.prefix ?? "gatehouse";
  // __Secure- makes browsers refuse the cookie unless it was set over https with Secure.
  const name = (n: string) => `${secure ? "__Secure-" : ""}${prefix}.${n}`;
  return {
    names: {
      sessionToken: name("session_token"),
      sessionData: name("session_data"),
      dontRemember: name("dont_remember"),
    },
    attributes: {
      httpOnly: true,
      sameSite: input.defaults?.sameSite ?? "lax",
      path: "/",
      secure,
      ...(input.defaults?.domain ? { domain: input.defaults.domain } : {}),
      ...(input.defaults?.partitioned ? { partitioned: true } : {}),
    },
    secure,
    prefix,
  };
}
