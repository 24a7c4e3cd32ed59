import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createAuthClient } from "../../../src/client";
import { definePlugin } from "../../../src/plugin/define-plugin";
import { openAPI } from "../../../src/plugins/open-api";
import { openAPIClient } from "../../../src/plugins/open-api/client";
import { defineEndpoint } from "../../../src/router/endpoint";
import { createTestAuth, createTestFetch } from "../../../src/testing";
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

  it("lists an app's own plugin endpoints under the plugin's tag", async () => {
    const notes = definePlugin({
      id: "notes",
      endpoints: {
        updateNote: defineEndpoint(
          { method: "PATCH", path: "/notes/:noteId" },
          {
            auth: "session",
            body: z.object({ text: z.string().max(500), tags: z.json().optional() }),
            response: z.object({ id: z.string(), text: z.string() }),
            handler: ({ params, body }) => ({ id: params.noteId ?? "", text: body.text }),
          },
        ),
      },
    });
    const { auth } = createTestAuth({ plugins: [notes, openAPI()] });
    const doc = (await auth.api.generateOpenAPISchema()) as unknown as Document;
    expect((await new Validator().validate(doc as never)).valid).toBe(true);
    const op = doc.paths["/notes/{noteId}"]?.patch;
    expect(op).toMatchObject({
      operationId: "updateNote",
      tags: ["notes"],
      security: [{ sessionCookie: [] }],
      parameters: [{ name: "noteId", in: "path", required: true }],
    });
    expect(op?.requestBody?.content["application/json"]?.schema).toEqual({
      type: "object",
      properties: {
        text: { type: "string", maxLength: 500 },
        tags: { $ref: "#/components/schemas/JsonValue" },
      },
      required: ["text"],
    });
    expect(doc.components.schemas.JsonValue).toBeDefined();
    expect(Object.keys(doc.paths).every((path) => !path.includes(":"))).toBe(true);
  });

  it("client.ts is browser-safe: it reaches only its manifest and the client's plugin helper", () => {
    const { files, packages } = reachableModules("plugins/open-api/client.ts");
    expect(files).toEqual(["client/plugin.ts", "plugins/open-api/client.ts", "plugins/open-api/routes.ts"]);
    expect(packages).toEqual([]);
  });
});
