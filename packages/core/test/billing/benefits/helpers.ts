import {
  type BenefitGrantFailure,
  type BenefitStrategyInput,
  type GrantProperties,
  isGrantFailure,
  type LinkedAccount,
} from "../../../src/plugins/billing/benefit-grants/strategy";
import type { BenefitType } from "../../../src/plugins/billing/catalog/benefits/schemas";
import type { BillingContext } from "../../../src/plugins/billing/context";
import type { BenefitRow, CustomerRow } from "../../../src/plugins/billing/rows";

/** One request a fake provider received. */
export interface Call {
  method: string;
  path: string;
  auth: string | null;
  headers: Headers;
  body: unknown;
}

/** Records every request (method, path, Authorization, JSON body) for exact assertions. */
export async function record(calls: Call[], request: Request): Promise<Call> {
  const text = await request.clone().text();
  const call: Call = {
    method: request.method,
    path: new URL(request.url).pathname,
    auth: request.headers.get("authorization"),
    headers: request.headers,
    body: text === "" ? null : JSON.parse(text),
  };
  calls.push(call);
  return call;
}

/** `[method, path]` of each call, in order. */
export const routes = (calls: readonly Call[]) => calls.map((c) => `${c.method} ${c.path}`);

/** The input the grant engine hands a strategy, for a benefit of `type` and a linked account. */
export function strategyInput(
  ctx: BillingContext,
  type: BenefitType,
  properties: Record<string, unknown>,
  accounts: Record<string, LinkedAccount | null>,
  grantProperties: GrantProperties = {},
): BenefitStrategyInput & { asked: string[] } {
  const at = new Date(Date.UTC(2026, 0, 15));
  const benefit: BenefitRow = {
    id: "ben_1",
    merchantId: "mer_1",
    type,
    description: "A benefit",
    selectable: true,
    deletable: true,
    metadata: {},
    properties,
    deletedAt: null,
    createdAt: at,
    modifiedAt: at,
  };
  const customer = { id: "cus_1", merchantId: "mer_1", email: "buyer@example.com" } as CustomerRow;
  const asked: string[] = [];
  return {
    ctx,
    benefit,
    customer,
    grantProperties,
    asked,
    async linkedAccount(providerId) {
      asked.push(providerId);
      return accounts[providerId] ?? null;
    },
  };
}

/** The grant failure a strategy call rejected with (fails the test when it resolved). */
export async function failureOf(
  pending: Promise<unknown>,
): Promise<BenefitGrantFailure & { retryAfterSeconds?: number }> {
  try {
    await pending;
  } catch (error) {
    if (isGrantFailure(error)) return error;
    throw error;
  }
  throw new Error("expected a grant failure");
}
