import { z } from "zod";
import { createAuthClient } from "../../src/client";
import { defineClientPlugin } from "../../src/client/plugin";
import { defineEndpoint, type RouteManifest } from "../../src/kernel/endpoint";
import { definePlugin } from "../../src/kernel/plugin";
import { createTestAuth, createTestFetch } from "../../src/testing";

/** A small stand-in for the organization plugin: a manifest, two endpoints, one store. */
export const testOrgRoutes = {
  createOrganization: {
    method: "POST",
    path: "/organization/create",
    invalidates: ["listOrganizations", "session"],
  },
  listOrganizations: { method: "GET", path: "/organization/list" },
  addMember: { method: "POST", path: "/organization/add-member", serverOnly: true },
} as const satisfies RouteManifest;

export function testOrgPlugin() {
  const orgs: { id: string; name: string; slug: string; ownerId: string; createdAt: Date }[] = [];
  return definePlugin({
    id: "test-org",
    endpoints: {
      createOrganization: defineEndpoint(testOrgRoutes.createOrganization, {
        body: z.object({ name: z.string(), slug: z.string(), logo: z.string().optional() }),
        auth: "session",
        handler({ body, session }) {
          const org = {
            id: `org_${orgs.length + 1}`,
            ...body,
            ownerId: session.user.id,
            createdAt: new Date(),
          };
          orgs.push(org);
          return org;
        },
      }),
      listOrganizations: defineEndpoint(testOrgRoutes.listOrganizations, {
        auth: "session",
        handler: ({ session }) => orgs.filter((o) => o.ownerId === session.user.id),
      }),
      addMember: defineEndpoint(testOrgRoutes.addMember, {
        body: z.object({ userId: z.string() }),
        handler: () => ({ ok: true }),
      }),
    },
  });
}

export type TestOrgPlugin = ReturnType<typeof testOrgPlugin>;

export const testOrgClient = () =>
  defineClientPlugin({
    id: "test-org",
    routes: testOrgRoutes,
    $InferServerPlugin: {} as TestOrgPlugin,
    atoms: (ctx) => ({
      $listOrganizations: ctx.query(
        () => ctx.$fetch<{ id: string; name: string; slug: string }[]>("/organization/list"),
        ["listOrganizations"],
      ),
    }),
  });

export const BASE_URL = "http://localhost:3000";

let harnesses = 0;

/** A real auth instance with the test plugin and an in-process, cookie-keeping fetch. */
export function createHarness() {
  const { auth } = createTestAuth({
    plugins: [testOrgPlugin()],
    user: { additionalFields: { plan: { type: "string", required: false } } },
  });
  const jar = new Map<string, string>();
  const calls: { method: string; url: string }[] = [];
  const inProcess = createTestFetch(auth, { jar });
  const fetch = (input: string, init: RequestInit) => {
    calls.push({ method: init.method ?? "GET", url: input });
    return inProcess.fetch(input, init);
  };
  // One channel per harness: its clients are tabs of one browser, other tests never hear them.
  const broadcastChannel = `gatehouse-test-${++harnesses}`;
  const newClient = () =>
    createAuthClient<typeof auth, [ReturnType<typeof testOrgClient>]>({
      baseURL: BASE_URL,
      plugins: [testOrgClient()],
      fetchOptions: { fetch },
      broadcastChannel,
    });
  return { auth, jar, calls, fetch, newClient, client: newClient() };
}

let counter = 0;
export const newUser = () => ({
  name: "Ada",
  email: `ada-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`,
  password: "correct-horse-battery",
});
