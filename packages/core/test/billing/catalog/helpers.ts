import type { DatabaseAdapter } from "../../../src/db/adapter";
import { admin } from "../../../src/plugins/admin";
import { billing } from "../../../src/plugins/billing";
import type { BillingOptions } from "../../../src/plugins/billing/options";
import { organization } from "../../../src/plugins/organization";
import { createTestAuth, type TestBrowser, type TestResponse } from "../../../src/testing";

/** Fast deterministic password hashing (scrypt is covered by the core tests). */
const password = {
  hash: async (p: string) => `test:${p}`,
  verify: async ({ hash, password: p }: { hash: string; password: string }) => hash === `test:${p}`,
};

export function clock(start = Date.UTC(2026, 0, 15, 12)) {
  let t = start;
  return {
    now: () => new Date(t),
    advance: (ms: number) => {
      t += ms;
    },
  };
}

export type Collected = { type: string; data: Record<string, unknown> };

function collector(options: BillingOptions) {
  const events: Collected[] = [];
  const plugin = billing({
    ...options,
    onEvent: (e) => {
      events.push({ type: e.type, data: e.data as Record<string, unknown> });
    },
  });
  return { events, plugin };
}

let n = 0;
const email = (tag: string) => `${tag}-${++n}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/**
 * Default merchant (no organization plugin): the admin plugin's platform admins manage billing.
 * `shop` is a signed-in platform admin, `buyer` an ordinary user.
 */
export async function adminShop(options: BillingOptions = {}, database?: DatabaseAdapter) {
  const time = clock();
  const { events, plugin } = collector(options);
  const t = createTestAuth({
    advanced: { now: time.now },
    emailAndPassword: { enabled: true, password },
    ...(database ? { database } : {}),
    plugins: [admin(), plugin],
  });
  const db = t.auth.$context.adapter;
  const signed = await t.signUp({ email: email("admin") });
  await db.update({
    model: "user",
    where: [{ field: "id", value: signed.user.id }],
    update: { role: "admin" },
  });
  const buyer = await t.signUp({ email: email("buyer") });
  return { ...t, db, events, time, shop: signed.browser, buyer: buyer.browser, billing: t.auth.billing };
}

export type AdminShop = Awaited<ReturnType<typeof adminShop>>;

/** Organization-backed merchants: an organization with an owner, an admin, a member and an outsider. */
export async function orgShop(options: BillingOptions = {}) {
  const time = clock();
  const { events, plugin } = collector(options);
  const t = createTestAuth({
    advanced: { now: time.now },
    emailAndPassword: { enabled: true, password },
    plugins: [organization(), plugin],
  });
  const person = async (tag: string) => (await t.signUp({ email: email(tag), name: tag })).browser;
  const [owner, adminB, member, outsider] = await Promise.all(
    ["owner", "admin", "member", "outsider"].map(person),
  );
  const org = await ok<{ id: string }>(
    owner!.post("/organization/create", { name: "Acme", slug: `acme-${++n}` }),
  );
  const join = async (who: TestBrowser, role: string) => {
    const me = await ok<{ user: { email: string } }>(who.get("/get-session"));
    const invite = await ok<{ id: string }>(
      owner!.post("/organization/invite-member", { email: me.user.email, role, organizationId: org.id }),
    );
    await ok(who.post("/organization/accept-invitation", { invitationId: invite.id }));
  };
  await join(adminB!, "admin");
  await join(member!, "member");
  return {
    ...t,
    events,
    org,
    owner: owner!,
    admin: adminB!,
    member: member!,
    outsider: outsider!,
    billing: t.auth.billing,
  };
}

/** The body of a 2xx response, else a thrown error showing the response. */
export async function ok<T = unknown>(pending: Promise<TestResponse<unknown>>): Promise<T> {
  const res = await pending;
  if (res.status < 200 || res.status >= 300)
    throw new Error(`HTTP ${res.status}: ${JSON.stringify(res.data)}`);
  return res.data as T;
}

export type ErrorBody = {
  message: string;
  code: string;
  issues?: { path: (string | number)[]; message: string }[];
};

/** Messages of a validation error (400 issues or 422 issues), or the message. */
export const messages = (res: TestResponse<unknown>) => {
  const body = res.data as ErrorBody;
  return body.issues ? body.issues.map((i) => i.message) : [body.message];
};

/** The error a server call throws: status and body. */
export async function rejection(pending: Promise<unknown>) {
  try {
    await pending;
  } catch (error) {
    const e = error as { statusCode?: number; status?: number | string; body?: ErrorBody };
    return { status: e.statusCode, body: e.body ?? ({ message: String(error), code: "" } as ErrorBody) };
  }
  throw new Error("expected the call to fail");
}

export const fixedPrice = (priceAmount = 2500) => ({ amountType: "fixed", priceAmount }) as const;
