import { describe, expect, it } from "vitest";
import { createAuthClient } from "../../../src/client";
import { openAPIClient } from "../../../src/plugins/open-api/client";
import { createTestFetch } from "../../../src/testing";
import { reachableModules } from "../username/boundary";
import { type Document, fullApp } from "./helpers";

describe("GET /open-api/generate-schema", () => {
  it("answers the document as JSON through the HTTP handler, without a session", async () => {
    const { auth } = fullApp();
    const response = await auth.handler(
      new Request("http://localhost:3000/api/auth/open-api/generate-schema"),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const doc = (await response.json()) as Document;
    expect(doc.openapi).toBe("3.1.1");
    expect(doc.paths["/open-api/generate-schema"]?.get?.operationId).toBe("generateOpenAPISchema");
    expect(doc).toEqual(JSON.parse(JSON.stringify(await auth.api.generateOpenAPISchema())));
  });

  it("builds the document once per app and serves it from memory after that", async () => {
    const { auth } = fullApp();
    const first = await auth.api.generateOpenAPISchema();
    expect(await auth.api.generateOpenAPISchema()).toBe(first);
    const other = fullApp({ title: "Other" }).auth;
    const second = await other.api.generateOpenAPISchema();
    expect(second).not.toBe(first);
    expect(second.info).toMatchObject({ title: "Other" });
    expect(first.info).toMatchObject({ title: auth.$context.appName });
  });

  it("names the session cookie of this app in its security scheme", async () => {
    const { auth } = fullApp();
    const doc = (await auth.api.generateOpenAPISchema()) as unknown as {
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({
      type: "apiKey",
      in: "cookie",
      name: auth.$context.cookies.names.sessionToken,
    });
  });

  it("a real error body has the documented shape", async () => {
    const { auth } = fullApp();
    const response = await auth.handler(
      new Request("http://localhost:3000/api/auth/billing/orders/list", { method: "GET" }),
    );
    expect(response.status).toBe(401);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["code", "message"]);
    expect(body).toEqual({ code: "UNAUTHORIZED", message: "Unauthorized" });
  });

  it("the client fetches it: client.openApi.generateSchema()", async () => {
    const { auth } = fullApp();
    const { fetch } = createTestFetch(auth);
    const client = createAuthClient<typeof auth, [ReturnType<typeof openAPIClient>]>({
      baseURL: "http://localhost:3000",
      plugins: [openAPIClient()],
      fetchOptions: { fetch },
    });
    const { data, error } = await client.openApi.generateSchema();
    expect(error).toBeNull();
    expect(data?.openapi).toBe("3.1.1");
  });

  it("client.ts is browser-safe: it reaches only its manifest and the client's plugin helper", () => {
    const { files, packages } = reachableModules("plugins/open-api/client.ts");
    expect(files).toEqual(["client/plugin.ts", "plugins/open-api/client.ts", "plugins/open-api/routes.ts"]);
    expect(packages).toEqual([]);
  });
});
