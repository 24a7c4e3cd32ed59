import { describe, expect, it } from "vitest";
import { redact } from "../../../src/logger/logger";
import { type CreatedKey, product, setupApiKey } from "./helpers";

/** Issue 18: a key appears once, in the create answer, and never in logs or later answers. */
describe("API keys are never logged nor answered after creation", () => {
  it("debug logging of a full key lifecycle never contains the key", async () => {
    const lines: string[] = [];
    const s = setupApiKey(
      {},
      {
        logger: {
          level: "debug",
          log: (level, message, ...args) => lines.push(`${level} ${message} ${JSON.stringify(args)}`),
        },
      },
    );
    const { owner, org } = await s.orgOwner();
    const created = await owner.browser.post<CreatedKey>("/api-key/create", { organizationId: org.id });
    const { key, id } = created.data;
    const granted = await s.serverKey({
      userId: owner.user.id,
      organizationId: org.id,
      permissions: { billing: ["manage"] },
      remaining: 1,
    });
    const answers: unknown[] = [];
    const client = s.keyClient(granted.key);
    answers.push((await client.post("/billing/products/create", product())).data);
    answers.push((await client.post("/billing/products/create", product())).data); // usage exceeded
    answers.push((await s.keyClient(key).get("/billing/products/list")).data); // no billing statement
    answers.push((await s.keyClient(`${key}x`).get("/billing/products/list")).data); // invalid
    answers.push((await owner.browser.get("/api-key/get", { query: { id } })).data);
    answers.push((await owner.browser.get("/api-key/list", { query: { organizationId: org.id } })).data);
    answers.push((await owner.browser.post("/api-key/update", { keyId: id, enabled: false })).data);
    answers.push(await s.auth.api.verifyApiKey({ body: { key } }));
    const adapter = s.auth.$context.adapter as { update: (...args: never[]) => Promise<unknown> };
    const original = adapter.update;
    adapter.update = async () => {
      throw new Error(`storage down while writing ${key}`.replace(key, "<elided>"));
    };
    answers.push((await owner.browser.post("/api-key/update", { keyId: id, name: "n" })).data);
    adapter.update = original;

    expect(lines.some((l) => l.includes("Failed to update API key"))).toBe(true);
    for (const secret of [key, granted.key]) {
      for (const line of lines) expect(line).not.toContain(secret);
      for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(secret);
    }
  });

  it("the logger redacts API-key headers and fields", () => {
    expect(redact({ "x-api-key": "gh_secret", apiKey: "gh_secret", api_key: "gh_secret", id: "k1" })).toEqual(
      {
        "x-api-key": "[redacted]",
        apiKey: "[redacted]",
        api_key: "[redacted]",
        id: "k1",
      },
    );
  });
});
