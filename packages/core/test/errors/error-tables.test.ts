import { describe, expect, it } from "vitest";
import { AUTH_ERROR_CODES } from "../../src/auth/error-codes";
import { AUTH_ERRORS } from "../../src/auth/errors";
import { defineErrors, type ErrorSpec, wireCode } from "../../src/errors/define-errors";
import { errorCode } from "../../src/errors/error-code";
import { ADMIN_ERROR_CODES } from "../../src/plugins/admin/error-codes";
import { ADMIN_ERRORS } from "../../src/plugins/admin/errors";
import { API_KEY_ERROR_CODES } from "../../src/plugins/api-key/error-codes";
import { API_KEY_ERRORS } from "../../src/plugins/api-key/errors";
import { BILLING_ERROR_CODES } from "../../src/plugins/billing/error-codes";
import { BILLING_ERRORS } from "../../src/plugins/billing/errors";
import { ORGANIZATION_ERROR_CODES } from "../../src/plugins/organization/error-codes";
import { ORG_ERRORS } from "../../src/plugins/organization/errors";
import { USERNAME_ERROR_CODES } from "../../src/plugins/username/error-codes";
import { USERNAME_ERRORS } from "../../src/plugins/username/errors";
import { createTestAuth } from "../../src/testing";

const TABLES: Record<
  string,
  readonly [Readonly<Record<string, ErrorSpec>>, Readonly<Record<string, unknown>>]
> = {
  core: [AUTH_ERROR_CODES, AUTH_ERRORS],
  username: [USERNAME_ERROR_CODES, USERNAME_ERRORS],
  organization: [ORGANIZATION_ERROR_CODES, ORG_ERRORS],
  admin: [ADMIN_ERROR_CODES, ADMIN_ERRORS],
  billing: [BILLING_ERROR_CODES, BILLING_ERRORS],
  apiKey: [API_KEY_ERROR_CODES, API_KEY_ERRORS],
};

describe("error tables: every key is the code sent on the wire (spec section 8)", () => {
  for (const [name, [table, throwers]] of Object.entries(TABLES)) {
    it(`${name}: key === code derived from the message, for the entry and each variant`, () => {
      const mismatched: string[] = [];
      for (const [key, spec] of Object.entries(table)) {
        if (wireCode(spec) !== key) mismatched.push(`${key} -> ${wireCode(spec)}`);
        // Only a configurable message (admin's BANNED_USER) names its code explicitly.
        if (spec.code === undefined && errorCode(spec.message) !== key) mismatched.push(key);
        for (const [variant, v] of Object.entries(spec.variants ?? {})) {
          if (errorCode(v.message ?? spec.message) !== key) mismatched.push(`${key}.${variant}`);
        }
        const thrown = (throwers[key] as () => { statusCode: number; body: { code: string } })();
        expect(thrown.body.code).toBe(key);
      }
      expect(mismatched).toEqual([]);
      expect(Object.keys(table).length).toBeGreaterThan(0);
    });
  }

  it("the explicit code is used only where the message is configurable or carries a number", () => {
    const explicit = Object.entries(TABLES).flatMap(([name, [table]]) =>
      Object.entries(table)
        .filter(([, spec]) => spec.code !== undefined)
        .map(([key]) => `${name}.${key}`),
    );
    // BANNED_USER: the app configures the message; LICENSE_KEY_USAGE_LIMIT: "License key only has
    // N more usages." names what is left (Polar's message), so the code cannot derive from it.
    expect(explicit).toEqual(["admin.BANNED_USER", "billing.LICENSE_KEY_USAGE_LIMIT"]);
  });

  it("defineErrors refuses a key that differs from its wire code, and a variant with another code", () => {
    expect(() => defineErrors({ NOT_FOUND: { status: 404, message: "Team not found" } })).toThrow(
      /NOT_FOUND differs from its wire code TEAM_NOT_FOUND/,
    );
    expect(() =>
      defineErrors({
        TEAM_NOT_FOUND: { status: 404, message: "Team not found", variants: { x: { message: "Gone" } } },
      }),
    ).toThrow(/TEAM_NOT_FOUND.x/);
  });

  it("a variant keeps the code and changes only the status (and the casing of the message)", () => {
    const link = AUTH_ERRORS.INVALID_TOKEN.link();
    expect([link.statusCode, link.body?.code, link.body?.message]).toEqual([
      401,
      "INVALID_TOKEN",
      "Invalid token",
    ]);
    const reset = AUTH_ERRORS.INVALID_TOKEN();
    expect([reset.statusCode, reset.body?.code, reset.body?.message]).toEqual([
      400,
      "INVALID_TOKEN",
      "invalid token",
    ]);
    expect(AUTH_ERRORS.FAILED_TO_GET_SESSION.refresh().statusCode).toBe(401);
    expect(AUTH_ERRORS.FAILED_TO_GET_SESSION().statusCode).toBe(500);
  });

  it("an HTTP answer's code indexes the table: error.code === key", async () => {
    const t = createTestAuth({ emailAndPassword: { enabled: true } });
    const email = "dup@example.com";
    await t.signUp({ email, name: "a" });
    const res = await t.auth.handler(
      new Request(`${t.auth.$context.baseURL}/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: "password1234", name: "b" }),
      }),
    );
    const body = (await res.json()) as { code: keyof typeof AUTH_ERROR_CODES; message: string };
    expect(res.status).toBe(AUTH_ERROR_CODES[body.code].status);
    expect(body.message).toBe(AUTH_ERROR_CODES[body.code].message);
    expect(body.code).toBe("USER_ALREADY_EXISTS");
  });
});
