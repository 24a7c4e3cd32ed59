import { afterEach, describe, expect, it } from "vitest";
import { billing } from "../../../src/plugins/billing/index";
import type { BillingOptions } from "../../../src/plugins/billing/options";
import type { BillingServices } from "../../../src/plugins/billing/services";
import type { WebhookDeliveryRow, WebhookEventRow } from "../../../src/plugins/billing/webhooks/rows";
import { createTestAuth } from "../../../src/testing";
import { verifyWebhook } from "../../../src/webhooks/index";
import { clock } from "../fixtures";
import { type Receiver, startReceiver } from "./receiver";

type Err = { message: string; code: string; issues?: { path: string[]; message: string }[] };
type Endpoint = { id: string; url: string; secret?: string };

const receivers: Receiver[] = [];
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.close();
});

/** Billing without organizations: the default merchant, managed by a platform admin. */
async function setup(webhooks: BillingOptions["webhooks"] = {}, c = clock()) {
  const warnings: string[] = [];
  const { auth, signUp } = createTestAuth({
    advanced: { now: c.now },
    logger: {
      level: "warn",
      log: (level: string, message: string) => {
        if (level === "warn") warnings.push(message);
      },
    },
    user: { additionalFields: { role: { type: "string", required: false, input: false } } },
    plugins: [billing({ webhooks })],
  });
  const services = (auth as unknown as { billing: BillingServices }).billing;
  const admin = await signUp({ email: "admin@example.com" });
  await auth.$context.adapter.update({
    model: "user",
    where: [{ field: "id", value: admin.user.id }],
    update: { role: "admin" },
  });
  const merchant = await services.merchants.defaultMerchant();
  const db = auth.$context.adapter;
  const emit = () =>
    services.ctx.write((_tx, e) => e(merchant.id, "organization.updated", { id: merchant.id }));
  const deliveries = () => db.findMany<WebhookDeliveryRow>({ model: "billingWebhookDelivery" });
  return { auth, services, admin: admin.browser, merchant, db, clock: c, emit, deliveries, warnings };
}

describe("webhook endpoint URLs: internal addresses (SSRF)", () => {
  it("create and update answer 400 for loopback, private, link-local and odd spellings", async () => {
    const app = await setup({ allowPrivateAddresses: false });
    for (const url of [
      "http://127.0.0.1:8080/hooks",
      "http://localhost:3000/hooks",
      "http://2130706433/hooks",
      "http://0x7f.1/hooks",
      "http://0177.0.0.1/hooks",
      "http://[::1]/hooks",
      "http://[::ffff:127.0.0.1]/hooks",
      "http://169.254.169.254/latest/meta-data",
      "http://10.0.0.5/hooks",
      "http://172.20.1.1/hooks",
      "http://192.168.1.10/hooks",
      "http://100.64.0.1/hooks",
      "http://0.0.0.0/hooks",
      "http://[fd00::1]/hooks",
      "http://[fe80::1]/hooks",
    ]) {
      const res = await app.admin.post<Err>("/billing/webhooks/endpoints/create", { url });
      expect(res.status, url).toBe(400);
      expect(res.data.code, url).toBe("WEBHOOK_URL_NOT_ALLOWED");
      expect(res.data.message, url).toBe("Webhook URL not allowed");
      expect(res.data.issues?.[0]?.message, url).toMatch(/^Webhook URLs may not point to a .+ address\./);
    }
    expect(await app.db.count({ model: "billingWebhookEndpoint" })).toBe(0);

    const ok = await app.admin.post<Endpoint>("/billing/webhooks/endpoints/create", {
      url: "https://merchant.example/hooks",
    });
    expect(ok.status).toBe(200);
    const update = await app.admin.post<Err>("/billing/webhooks/endpoints/update", {
      id: ok.data.id,
      url: "http://[::ffff:a9fe:a9fe]/",
    });
    expect(update.status).toBe(400);
    expect(update.data.issues?.[0]?.message).toContain("IPv4-mapped link-local");
    const kept = await app.admin.get<Endpoint>("/billing/webhooks/endpoints/get", {
      query: { id: ok.data.id },
    });
    expect(kept.data.url).toBe("https://merchant.example/hooks");
  });

  it("allowed when the option says so (the default outside production)", async () => {
    const app = await setup();
    const res = await app.admin.post<Endpoint>("/billing/webhooks/endpoints/create", {
      url: "http://127.0.0.1:8080/hooks",
    });
    expect(res.status).toBe(200);
  });

  it("a name that resolves to a private address at delivery is a failed attempt, not a crash", async () => {
    const c = clock();
    const receiver = await startReceiver({ now: c.now });
    receivers.push(receiver);
    const port = new URL(receiver.url).port;
    const resolved: string[] = [];
    const app = await setup(
      {
        allowPrivateAddresses: false,
        // public.test resolves to a public address: the request goes out (routed to the local
        // receiver by the fetch below); inside.test resolves to a private one.
        resolveHost: async (host) => {
          resolved.push(host);
          return host === "inside.test" ? ["93.184.216.34", "192.168.0.12"] : ["93.184.216.34"];
        },
        fetch: (input, init) =>
          fetch(String(input).replace(/^http:\/\/[^/]+/, `http://127.0.0.1:${port}`), init),
      },
      c,
    );
    const inside = await app.services.webhooks.createEndpoint(app.merchant.id, {
      url: `http://inside.test:${port}/webhooks`,
    });
    const outside = await app.services.webhooks.createEndpoint(app.merchant.id, {
      url: `http://public.test:${port}/webhooks`,
    });
    receiver.secret = outside.secret;
    await app.emit();

    const result = await app.auth.billing.runDue();
    expect(result.webhooks).toEqual({ delivered: 1, failed: 1, skipped: 0 });
    expect(resolved.sort()).toEqual(["inside.test", "public.test"]);
    expect(receiver.hits).toHaveLength(1);
    expect(receiver.hits[0]?.error).toBeNull();

    const refused = (await app.deliveries()).find((d) => d.endpointId === inside.id);
    expect(refused).toMatchObject({ succeeded: false, httpCode: null });
    const message =
      "Webhook delivery refused: inside.test resolves to 192.168.0.12, a private (192.168.0.0/16) address.";
    expect(refused?.response).toContain(message);
    const event = await app.db.findOne<WebhookEventRow>({
      model: "billingWebhookEvent",
      where: [{ field: "endpointId", value: inside.id }],
    });
    expect(event).toMatchObject({ status: "pending", attempts: 1 });
    expect(event?.lastError).toContain(message);
    expect(app.warnings.some((w) => w.includes(message))).toBe(true);
  });
});

describe("webhook endpoint secret given at creation", () => {
  const given = `whsec_${Buffer.from("0123456789abcdef01234567").toString("base64")}`;

  it("a valid secret is stored and signs deliveries that verifyWebhook accepts with it", async () => {
    const app = await setup();
    const receiver = await startReceiver({ now: app.clock.now });
    receivers.push(receiver);
    receiver.secret = given;
    const created = await app.admin.post<Endpoint>("/billing/webhooks/endpoints/create", {
      url: receiver.url,
      secret: given,
    });
    expect(created.status).toBe(200);
    expect(created.data.secret).toBe(given);
    await app.emit();
    const result = await app.auth.billing.runDue();
    expect(result.webhooks).toEqual({ delivered: 1, failed: 0, skipped: 0 });
    const hit = receiver.hits[0]!;
    expect(hit.error).toBeNull();
    const event = await verifyWebhook(hit.body, hit.headers, given, { now: app.clock.now });
    expect(event.type).toBe("organization.updated");
    // Not some other secret: a generated one does not verify it.
    await expect(
      verifyWebhook(hit.body, hit.headers, `whsec_${Buffer.alloc(32, 1).toString("base64")}`, {
        now: app.clock.now,
      }),
    ).rejects.toThrow("No matching signature found");
  });

  it.each([
    ["no prefix", Buffer.alloc(32, 7).toString("base64")],
    ["too short (16 bytes)", `whsec_${Buffer.alloc(16, 7).toString("base64")}`],
    ["not base64", `whsec_${"!".repeat(40)}`],
    ["unpadded", `whsec_${Buffer.alloc(25, 7).toString("base64").replace(/=+$/, "")}`],
    ["empty", ""],
    ["prefix only", "whsec_"],
  ])("%s: 400 with a clear message, nothing stored", async (_label, secret) => {
    const app = await setup();
    const res = await app.admin.post<Err>("/billing/webhooks/endpoints/create", {
      url: "https://merchant.example/hooks",
      secret,
    });
    expect(res.status).toBe(400);
    expect(res.data.code).toBe("INVALID_WEBHOOK_SECRET");
    expect(res.data.message).toBe("Invalid webhook secret");
    expect(res.data.issues?.[0]?.message).toBe(
      'secret must be "whsec_" followed by the base64 of at least 24 random bytes.',
    );
    expect(await app.db.count({ model: "billingWebhookEndpoint" })).toBe(0);
  });

  it("without a secret one is generated, as before", async () => {
    const app = await setup();
    const res = await app.admin.post<Endpoint>("/billing/webhooks/endpoints/create", {
      url: "https://merchant.example/hooks",
    });
    expect(res.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  });
});
