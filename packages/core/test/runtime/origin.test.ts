import { describe, expect, it } from "vitest";
import { compileOriginPattern, createOriginChecker, isSafeRelativePath } from "../../src/router/origin";
import { createTestAuth } from "../../src/testing";

type ErrorBody = { message: string; code: string };

describe("trusted origins and redirect targets", () => {
  it("matches exact origins and wildcard patterns", () => {
    const sub = compileOriginPattern("https://*.example.com");
    expect(sub("https://app.example.com")).toBe(true);
    expect(sub("https://example.com")).toBe(false);
    expect(sub("https://app.example.com.evil.io")).toBe(false);
    expect(sub("http://app.example.com")).toBe(false);
    const anyScheme = compileOriginPattern("*.example.com");
    expect(anyScheme("http://a.example.com")).toBe(true);
    expect(compileOriginPattern("https://app.example.com/")("https://app.example.com")).toBe(true);
    expect(compileOriginPattern("myapp://")("myapp://")).toBe(true);
  });

  it("allows relative paths only with a single leading slash and no //, backslash or encoded slash", () => {
    expect(isSafeRelativePath("/dashboard?x=1")).toBe(true);
    for (const bad of [
      "//evil.com",
      "/\\evil.com",
      "/a//b",
      "/%2F%2Fevil.com",
      "/%5Cevil",
      "dashboard",
      "/\t/evil.com",
    ]) {
      expect(isSafeRelativePath(bad), bad).toBe(false);
    }
    const checker = createOriginChecker(["http://localhost:3000", "https://*.trusted.dev"]);
    expect(checker.isTrustedURL("https://x.trusted.dev/cb")).toBe(true);
    expect(checker.isTrustedURL("https://evil.dev/cb")).toBe(false);
    expect(checker.isTrustedURL("javascript:alert(1)")).toBe(false);
  });

  it("a POST carrying cookies needs a trusted Origin (or Referer): 403 Invalid origin", async () => {
    const { signUp } = createTestAuth({ trustedOrigins: ["https://*.partner.io"] });
    const { browser } = await signUp();
    const evil = await browser.post<ErrorBody>("/sign-out", {}, { headers: { origin: "https://evil.io" } });
    expect(evil.status).toBe(403);
    expect(evil.data).toMatchObject({ message: "Invalid origin", code: "INVALID_ORIGIN" });
    const missing = await browser.request<ErrorBody>("/update-user", {
      method: "POST",
      body: { name: "x" },
      headers: { origin: "null" },
    });
    expect(missing.status).toBe(403);
    const referer = await browser.post(
      "/update-user",
      { name: "y" },
      {
        headers: { origin: "", referer: "http://localhost:3000/settings" },
      },
    );
    expect(referer.status).toBe(200);
    const partner = await browser.post(
      "/update-user",
      { name: "z" },
      { headers: { origin: "https://a.partner.io" } },
    );
    expect(partner.status).toBe(200);
  });

  it("GET requests and cookie-less POSTs are not origin-checked; the check can be disabled", async () => {
    const { browser } = createTestAuth();
    const b = browser();
    const res = await b.post(
      "/sign-up/email",
      { name: "x", email: "o@b.co", password: "password-123" },
      {
        headers: { origin: "https://elsewhere.io" },
      },
    );
    expect(res.status).toBe(200);
    expect((await b.get("/get-session", { headers: { origin: "https://elsewhere.io" } })).status).toBe(200);
    const off = createTestAuth({ advanced: { disableCSRFCheck: true } });
    const { browser: ob } = await off.signUp();
    expect((await ob.post("/sign-out", {}, { headers: { origin: "https://evil.io" } })).status).toBe(200);
  });

  it("callbackURL must be trusted: 403 Invalid callbackURL", async () => {
    const { signUp, browser } = createTestAuth();
    const { email, password } = await signUp();
    for (const callbackURL of ["https://evil.io/x", "//evil.io", "/%2F%2Fevil.io"]) {
      const res = await browser().post<ErrorBody>("/sign-in/email", { email, password, callbackURL });
      expect(res.status, callbackURL).toBe(403);
      expect(res.data).toMatchObject({ message: "Invalid callbackURL", code: "INVALID_CALLBACKURL" });
    }
    const ok = await browser().post("/sign-in/email", {
      email,
      password,
      callbackURL: "http://localhost:3000/app",
    });
    expect(ok.status).toBe(200);
  });
});
