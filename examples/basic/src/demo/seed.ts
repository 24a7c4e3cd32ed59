import type { ExampleAuth } from "../auth";
import { seedCatalog } from "../catalog";

/** Seeded accounts; the sign-in page shows them so a visitor can try every screen at once. */
export const DEMO_PASSWORD = "demo-password-123";
export const DEMO_USERS = {
  admin: { email: "admin@example.com", name: "Alex Admin", username: "alex" },
  member: { email: "ada@example.com", name: "Ada Lovelace", username: "ada" },
  buyer: { email: "grace@example.com", name: "Grace Hopper", username: "grace" },
} as const;
export const STORE_SLUG = "gatehouse-store";

async function ensureUser(
  auth: ExampleAuth,
  user: { email: string; name: string; username: string },
  role: string,
) {
  const db = auth.$context.adapter;
  let row = await db.findOne<{ id: string }>({
    model: "user",
    where: [{ field: "email", value: user.email }],
  });
  if (!row) {
    const created = await auth.api.createUser({
      body: {
        email: user.email,
        name: user.name,
        password: DEMO_PASSWORD,
        role,
        data: { username: user.username },
      },
    });
    row = created.user;
  }
  await db.update({
    model: "user",
    where: [{ field: "id", value: row.id }],
    update: { emailVerified: true },
  });
  return row.id;
}

/** Cookie headers of a fresh session for `email` (server-side sign-in, as a browser would). */
async function sessionHeaders(auth: ExampleAuth, email: string): Promise<Headers> {
  const response = await auth.api.signInEmail({ body: { email, password: DEMO_PASSWORD }, asResponse: true });
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  return new Headers({ cookie: cookies.join("; ") });
}

/**
 * Seeds the demo once: an admin who owns the store (the merchant organization selling the catalog),
 * a member with a pending invitation, a buyer, the catalog, and a webhook endpoint pointing at the
 * demo's own receiver so the merchant page shows real deliveries. Idempotent across restarts.
 */
export async function seedDemo(auth: ExampleAuth, baseURL: string): Promise<{ storeId: string }> {
  const adminId = await ensureUser(auth, DEMO_USERS.admin, "admin");
  await ensureUser(auth, DEMO_USERS.member, "user");
  await ensureUser(auth, DEMO_USERS.buyer, "user");
  const db = auth.$context.adapter;
  let store = await db.findOne<{ id: string }>({
    model: "organization",
    where: [{ field: "slug", value: STORE_SLUG }],
  });
  if (!store) {
    store = await auth.api.createOrganization({
      body: { name: "Gatehouse Store", slug: STORE_SLUG, userId: adminId },
    });
    const headers = await sessionHeaders(auth, DEMO_USERS.admin.email);
    await auth.api.createInvitation({
      body: { email: DEMO_USERS.member.email, role: "member", organizationId: store.id },
      headers,
    });
  }
  await seedCatalog(auth, store.id);
  const merchant = await auth.billing.merchants.resolve(store.id);
  const endpoints = await auth.billing.webhooks.listEndpoints(merchant.id);
  if (endpoints.items.length === 0)
    await auth.billing.webhooks.createEndpoint(merchant.id, {
      url: `${baseURL}/demo/webhook-receiver`,
      events: [],
    });
  return { storeId: store.id };
}
