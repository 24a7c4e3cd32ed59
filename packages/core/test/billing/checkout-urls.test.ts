import { describe, expect, it } from "vitest";
import { billing } from "../../src/plugins/billing";
import type { BillingServices } from "../../src/plugins/billing/services";
import { createTestAuth } from "../../src/testing";

type Err = { message: string; code: string; issues?: { path: string[]; message: string }[] };
type Checkout = {
  id: string;
  successUrl: string | null;
  returnUrl: string | null;
  embedOrigin: string | null;
};

const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);

/** Auth trusts `https://*.shop.example`; billing adds `https://partner.example`. */
async function setup() {
  const { auth, signUp } = createTestAuth({
    trustedOrigins: ["https://*.shop.example"],
    plugins: [billing({ trustedOrigins: ["https://partner.example"] })],
  });
  const services = (auth as unknown as { billing: BillingServices }).billing;
  const merchant = await services.merchants.defaultMerchant();
  const db = auth.$context.adapter;
  const product = await db.create<{ id: string }>({
    model: "billingProduct",
    data: { merchantId: merchant.id, name: "Pro", isRecurring: false, recurringInterval: null, metadata: {} },
  });
  await db.create({
    model: "billingPrice",
    data: {
      productId: product.id,
      merchantId: merchant.id,
      type: "one_time",
      priceCurrency: "usd",
      amountType: "fixed",
      priceAmount: 1000,
    },
  });
  const { browser } = await signUp({ email: "buyer@example.com" });
  const create = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    browser.request<{ url: string } & Err>("/checkout", {
      method: "POST",
      body: { products: [product.id], ...body },
      headers,
    });
  const view = async (url: string) =>
    (await browser.get<Checkout>(`/checkouts/client/${secretOf(url)}`)).data;
  const count = () => db.count({ model: "billingCheckout" });
  return { auth, services, db, browser, create, view, count, productId: product.id };
}

describe("checkout URLs: trusted origins only", () => {
  it.each([
    ["successUrl", "javascript:alert(document.cookie)", "absolute http or https URL"],
    ["successUrl", " JaVaScRiPt:alert(1)", "absolute http or https URL"],
    ["successUrl", "java\tscript:alert(1)", "absolute http or https URL"],
    ["successUrl", "data:text/html,<script>alert(1)</script>", "absolute http or https URL"],
    ["successUrl", "vbscript:msgbox(1)", "absolute http or https URL"],
    ["successUrl", "https://evil.example/steal", "https://evil.example is not a trusted origin"],
    ["successUrl", "https://shop.example.evil.example/x", "not a trusted origin"],
    ["successUrl", "//evil.example/x", "plain path starting with a single /"],
    ["successUrl", "/\\evil.example", "plain path starting with a single /"],
    ["successUrl", "/%2F%2Fevil.example", "plain path starting with a single /"],
    ["successUrl", "https://user:pw@app.shop.example/", "user name or password"],
    ["successUrl", "thanks", "absolute http or https URL"],
    ["returnUrl", "javascript:alert(1)", "absolute http or https URL"],
    ["returnUrl", "https://evil.example/", "not a trusted origin"],
    ["embedOrigin", "https://evil.example", "not a trusted origin"],
    ["embedOrigin", "javascript:alert(1)", "http or https origin"],
    ["embedOrigin", "https://app.shop.example/embed", "origin only"],
  ])("%s %j is a 400 and nothing is stored", async (field, value, message) => {
    const app = await setup();
    const res = await app.create({ [field]: value });
    expect(res.status).toBe(400);
    expect(res.data.code).toBe("INVALID_CHECKOUT_URL");
    expect(res.data.message).toBe("Invalid checkout URL");
    expect(res.data.issues?.[0]?.message).toContain(field);
    expect(res.data.issues?.[0]?.message).toContain(message);
    expect(res.data.issues?.[0]?.path).toEqual([field]);
    expect(await app.count()).toBe(0);
  });

  it("accepts the auth's trusted origins (wildcards), the billing allowlist and the base URL's origin", async () => {
    const app = await setup();
    const res = await app.create({
      successUrl: "https://app.shop.example/thanks?c={CHECKOUT_ID}",
      returnUrl: "https://partner.example/back",
      embedOrigin: "https://app.shop.example/",
    });
    expect(res.status).toBe(200);
    const c = await app.view(res.data.url);
    expect(c.successUrl).toBe(`https://app.shop.example/thanks?c=${c.id}`);
    expect(c.returnUrl).toBe("https://partner.example/back");
    expect(c.embedOrigin).toBe("https://app.shop.example");
    const own = await app.create({ successUrl: "http://localhost:3000/done" });
    expect((await app.view(own.data.url)).successUrl).toBe("http://localhost:3000/done");
  });

  it("relative paths resolve against the configured base URL, never the request's host headers", async () => {
    const app = await setup();
    const res = await app.create(
      { successUrl: "/thanks", returnUrl: "/shop?x=1" },
      { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    );
    expect(res.status).toBe(200);
    const c = await app.view(res.data.url);
    expect(c.successUrl).toBe("http://localhost:3000/thanks");
    expect(c.returnUrl).toBe("http://localhost:3000/shop?x=1");
    // A request that reached the handler under another host name (a proxy passing Host through).
    const raw = await app.auth.handler(
      new Request("http://evil.example/api/auth/checkout", {
        method: "POST",
        headers: {
          cookie: app.browser.cookieHeader(),
          origin: "http://localhost:3000",
          "content-type": "application/json",
        },
        body: JSON.stringify({ products: [app.productId], successUrl: "/thanks" }),
      }),
    );
    expect(raw.status).toBe(200);
    const rawUrl = ((await raw.json()) as { url: string }).url;
    expect((await app.view(rawUrl)).successUrl).toBe("http://localhost:3000/thanks");
  });

  it("server-side creation (billing.checkouts.create) is held to the same rules", async () => {
    const app = await setup();
    await expect(
      app.services.checkouts.create({ products: [app.productId], successUrl: "javascript:alert(1)" }),
    ).rejects.toMatchObject({ statusCode: 400, body: { code: "INVALID_CHECKOUT_URL" } });
    await expect(
      app.services.checkouts.create({ products: [app.productId], embedOrigin: "https://evil.example" }),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(await app.count()).toBe(0);
  });

  it("PATCH by client secret cannot set or change the URLs", async () => {
    const app = await setup();
    const res = await app.create({ successUrl: "/thanks" });
    const secret = secretOf(res.data.url);
    const patched = await app.browser.request<Checkout>(`/checkouts/client/${secret}`, {
      method: "PATCH",
      body: {
        customerName: "Ada",
        successUrl: "javascript:alert(1)",
        returnUrl: "javascript:alert(1)",
        embedOrigin: "https://evil.example",
      },
    });
    expect([200, 400]).toContain(patched.status);
    const c = await app.view(res.data.url);
    expect(c.successUrl).toBe("http://localhost:3000/thanks");
    expect(c.returnUrl).toBeNull();
    expect(c.embedOrigin).toBeNull();
  });
});

describe("HTML pages: security headers", () => {
  it("checkout page: nonce CSP, nosniff, no referrer, framing only by embedOrigin", async () => {
    const app = await setup();
    const plain = await app.create({});
    const page = await app.browser.get<string>(`/checkout/${secretOf(plain.data.url)}`);
    const csp = page.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`script-src 'nonce-${nonce}'`);
    expect(csp).toContain(`style-src 'nonce-${nonce}'`);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("stripe.com");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    // Every script and style element carries the nonce; no inline event handler attributes.
    const tags = page.data.match(/<(script|style)\b[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThanOrEqual(2);
    for (const tag of tags)
      if (!tag.includes('type="application/json"')) expect(tag).toContain(`nonce="${nonce}"`);
    expect(page.data).not.toMatch(/\son[a-z]+\s*=/i);

    const again = await app.browser.get<string>(`/checkout/${secretOf(plain.data.url)}`);
    expect(again.headers.get("content-security-policy")).not.toContain(nonce);

    const embedded = await app.create({ embedOrigin: "https://app.shop.example" });
    const framed = await app.browser.get(`/checkout/${secretOf(embedded.data.url)}`);
    expect(framed.headers.get("content-security-policy")).toContain(
      "frame-ancestors https://app.shop.example",
    );
    expect(framed.headers.get("x-frame-options")).toBeNull();

    const missing = await app.browser.get("/checkout/nope");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("checkout page: a legacy row with javascript: URLs is rendered without them", async () => {
    const app = await setup();
    const res = await app.create({});
    const secret = secretOf(res.data.url);
    await app.db.updateMany({
      model: "billingCheckout",
      where: [{ field: "clientSecret", value: secret }],
      update: {
        successUrl: "javascript:alert(1)",
        returnUrl: "javascript:alert(2)",
        embedOrigin: "javascript:alert(3)",
      },
    });
    const page = await app.browser.get<string>(`/checkout/${secret}`);
    expect(page.status).toBe(200);
    expect(page.data).not.toContain("javascript:");
    expect(page.data).toContain('"successUrl":null');
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("GET /error: nonce'd style, no script allowed, same headers", async () => {
    const app = await setup();
    const page = await app.browser.get<string>("/error", { query: { error: "<script>x</script>" } });
    const csp = page.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(page.data).toContain(`<style nonce="${nonce}">`);
    expect(page.data).not.toContain("<script");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
  });
});
