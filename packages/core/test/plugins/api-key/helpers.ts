import type { AuthOptions } from "../../../src/auth/options";
import { type ApiKeyOptions, apiKey } from "../../../src/plugins/api-key";
import { billing } from "../../../src/plugins/billing";
import { organization } from "../../../src/plugins/organization";
import { createTestAuth, createTestBrowser } from "../../../src/testing";
import { clock, unique } from "../organization/helpers";

export { failure } from "../organization/helpers";

export interface CreatedKey {
  id: string;
  key: string;
  start: string | null;
  prefix: string | null;
  referenceId: string;
  remaining: number | null;
  enabled: boolean;
  permissions: Record<string, string[]> | null;
  metadata: Record<string, unknown> | null;
  expiresAt: string | null;
}

/** An auth with the organization, billing and API-key plugins on a test clock. */
export function setupApiKey(options: ApiKeyOptions = {}, auth: Omit<AuthOptions, "plugins"> = {}) {
  const time = clock();
  const t = createTestAuth({
    ...auth,
    advanced: { now: time.now, ...auth.advanced },
    plugins: [organization(), billing(), apiKey(options)],
  });

  async function person(tag = "user") {
    return t.signUp({ email: `${unique(tag)}@example.com`, name: tag });
  }

  /** A signed-in owner of a new organization. */
  async function orgOwner() {
    const owner = await person("owner");
    const org = await owner.browser.post<{ id: string }>("/organization/create", {
      name: "Shop",
      slug: unique("shop"),
    });
    return { owner, org: org.data };
  }

  /** A key made by trusted server code (server-only properties allowed). */
  async function serverKey(body: Record<string, unknown>) {
    return (await t.auth.api.createApiKey({ body })) as CreatedKey;
  }

  /** A browser with no cookies that sends `key` in the x-api-key header. */
  function keyClient(key: string, header = "x-api-key") {
    const browser = createTestBrowser(t.auth);
    return {
      get: <T>(path: string, query?: Record<string, string>) =>
        browser.get<T>(path, { query, headers: { [header]: key } }),
      post: <T>(path: string, body: Record<string, unknown>) =>
        browser.post<T>(path, body, { headers: { [header]: key } }),
    };
  }

  return { ...t, time, person, orgOwner, serverKey, keyClient };
}

export const product = (organizationId?: string) => ({
  ...(organizationId ? { organizationId } : {}),
  name: "Plan",
  prices: [{ amountType: "fixed", priceAmount: 500, priceCurrency: "usd" }],
});
