/**
 * Type tests: checked by `tsc --noEmit` (`pnpm typecheck`); nothing here runs. Each assertion pins
 * what the client infers from the server type and from client plugins.
 */
import { expectTypeOf } from "vitest";
import { testOrgClient, testOrgPlugin } from "../../test/client/fixtures";
import { createTestAuth } from "../testing";
import { createAuthClient } from "./create-client";
import type { ClientResult, FetchOptions } from "./fetcher";
import type { PathKeys } from "./infer";
import { inferServer } from "./plugin";
import type { QueryState } from "./query-atom";

const withOrg = createTestAuth({
  plugins: [testOrgPlugin()],
  user: {
    additionalFields: {
      plan: { type: "string", required: true },
      seats: { type: "number", required: false },
    },
  },
}).auth;
const plain = createTestAuth().auth;

export function serverWithPlugin() {
  const client = createAuthClient<typeof withOrg>();

  // organization.create: POST body from the endpoint's zod schema, name and slug required.
  type CreateInput = Parameters<typeof client.organization.create>[0];
  expectTypeOf<CreateInput>().toEqualTypeOf<{
    name: string;
    slug: string;
    logo?: string | undefined;
    fetchOptions?: FetchOptions | undefined;
  }>();
  // @ts-expect-error slug is required
  void client.organization.create({ name: "Acme" });
  // @ts-expect-error the body is required
  void client.organization.create();
  void client.organization.create({ name: "Acme", slug: "acme" });

  // The result is the handler's output (timestamps as Date: the client revives them).
  expectTypeOf(client.organization.create).returns.resolves.toEqualTypeOf<
    ClientResult<{
      ownerId: string;
      createdAt: Date;
      name: string;
      slug: string;
      logo?: string | undefined;
      id: string;
    }>
  >();

  // Server-only routes are not methods.
  expectTypeOf(client.organization).not.toHaveProperty("addMember");
  // @ts-expect-error set-password is server-only
  void client.setPassword;

  // user.additionalFields appear on the session's user (and on every output carrying a user).
  type SessionUser = NonNullable<QueryState<typeof client.$Infer.Session>["data"]>["user"];
  expectTypeOf<SessionUser["plan"]>().toEqualTypeOf<string>();
  expectTypeOf<SessionUser["seats"]>().toEqualTypeOf<number | null | undefined>();
  expectTypeOf<SessionUser["createdAt"]>().toEqualTypeOf<Date>();
  expectTypeOf(client.$session.get().data).toEqualTypeOf<typeof client.$Infer.Session | null>();
  type SignInUser = NonNullable<Awaited<ReturnType<typeof client.signIn.email>>["data"]>["user"];
  expectTypeOf<SignInUser["plan"]>().toEqualTypeOf<string>();
}

export function serverWithoutPlugin() {
  const client = createAuthClient<typeof plain>();
  expectTypeOf(client).not.toHaveProperty("organization");
  // @ts-expect-error no organization plugin on this server
  void client.organization;
  // @ts-expect-error no additional fields on this server
  void client.$Infer.Session.user.plan;
  expectTypeOf(client.signOut).returns.resolves.toEqualTypeOf<ClientResult<{ success: boolean }>>();
}

export function callShapes() {
  const client = createAuthClient<typeof plain>();
  // GET routes take { query }, as better-auth's client does.
  void client.getSession({ query: { disableCookieCache: true } });
  void client.getSession();
  // @ts-expect-error unknown query parameter
  void client.getSession({ query: { nope: true } });
  // @ts-expect-error verify-email needs its token
  void client.verifyEmail();
  void client.verifyEmail({ query: { token: "t" } });
  // POST routes take body fields plus fetchOptions, and optionally fetchOptions as a second argument.
  void client.signIn.email({ email: "a@b.c", password: "p", fetchOptions: { headers: { "x-a": "1" } } });
  void client.signIn.email({ email: "a@b.c", password: "p" }, { onSuccess: () => {} });
  // @ts-expect-error password is required
  void client.signIn.email({ email: "a@b.c" });
  // Nested names: /delete-user and /delete-user/callback.
  expectTypeOf(client.deleteUser).toBeFunction();
  expectTypeOf(client.deleteUser.callback).toBeFunction();
  expectTypeOf<PathKeys<"/organization/get-full-organization">>().toEqualTypeOf<
    ["organization", "getFullOrganization"]
  >();
}

export function clientPluginWithoutServerGeneric() {
  // The client plugin carries its server plugin as a phantom type: no server generic needed.
  const client = createAuthClient({ plugins: [testOrgClient()] });
  void client.organization.create({ name: "Acme", slug: "acme" });
  // @ts-expect-error slug is required
  void client.organization.create({ name: "Acme" });
  expectTypeOf(client.$listOrganizations.get().data).toEqualTypeOf<
    { id: string; name: string; slug: string }[] | null
  >();
  expectTypeOf(client.$store.atoms).toHaveProperty("$listOrganizations");
  expectTypeOf(client.$store.atoms).toHaveProperty("$session");

  // inferServer<typeof auth>() adds the server's own types while plugin stores stay inferred.
  const both = createAuthClient({ plugins: [inferServer<typeof withOrg>(), testOrgClient()] });
  expectTypeOf(both.$Infer.Session.user.plan).toEqualTypeOf<string>();
  expectTypeOf(both).toHaveProperty("$listOrganizations");

  // Without any server type, the core methods and core models.
  const bare = createAuthClient();
  expectTypeOf(bare).not.toHaveProperty("organization");
  expectTypeOf(bare.$Infer.Session.user).not.toHaveProperty("plan");
}
