import { describe, expect, it } from "vitest";
import { billingApp } from "./fixtures";

const secretOf = (url: string) => decodeURIComponent(url.split("/").pop()!);

describe("hosted checkout page", () => {
  it("serves accessible HTML with the summary, required fields and the test card form", async () => {
    const app = await billingApp();
    const { browser } = await app.signUp({ email: "page@example.com" });
    const { productId } = await app.product({
      name: "Course <b>101</b>",
      price: { amountType: "fixed", priceAmount: 4900 },
      customFields: [{ slug: "company", type: "text", required: true }],
    });
    const created = await browser.post<{ url: string }>("/checkout", { products: [productId] });
    const page = await browser.get<string>(`/checkout/${secretOf(created.data.url)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    const html = page.data;
    expect(html).toContain("Course &lt;b&gt;101&lt;/b&gt;");
    expect(html).not.toContain("<b>101</b>");
    expect(html).toContain("$49.00");
    for (const id of ["email", "country", "line1", "city", "postalCode", "card", "cf-company"]) {
      expect(html, id).toMatch(new RegExp(`<label for="${id}">`));
      expect(html, id).toContain(`id="${id}-error" role="alert"`);
    }
    expect(html).toContain('role="status" aria-live="polite"');
    expect(html).toContain('value="page@example.com"');
    expect(html).toContain("Pay $49.00");
  });

  it("answers 404 and 410 pages", async () => {
    const app = await billingApp({ checkout: { expiresIn: 60 } });
    const { browser } = await app.signUp();
    const { productId } = await app.product({ price: { amountType: "free" } });
    const created = await browser.post<{ url: string }>("/checkout", { products: [productId] });
    expect((await browser.get(`/checkout/nope`)).status).toBe(404);
    app.clock.advance(61_000);
    const expired = await browser.get<string>(`/checkout/${secretOf(created.data.url)}`);
    expect(expired.status).toBe(410);
    expect(expired.data).toContain("expired");
  });
});
