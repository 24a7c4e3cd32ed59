import { describe, expect, it, vi } from "vitest";
import * as constantTime from "../../../src/crypto/constant-time";
import { hashPortalToken } from "../../../src/plugins/billing/portal/service";
import { ok } from "../catalog/helpers";
import { portalShop } from "./setup";

vi.mock("../../../src/crypto/constant-time", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../src/crypto/constant-time")>();
  return { ...real, constantTimeEqual: vi.fn(real.constantTimeEqual) };
});

describe("portal token check", () => {
  it("compares the stored hash with the token's hash in constant time", async () => {
    const app = await portalShop();
    const { token } = await app.session();
    const spy = vi.mocked(constantTime.constantTimeEqual);
    spy.mockClear();
    await ok(app.anon.get(`${app.api(token)}/overview`));
    const hash = await hashPortalToken(token);
    expect(spy).toHaveBeenCalledWith(hash, hash);
    expect(spy.mock.results.some((r) => r.value === true)).toBe(true);
  });
});
