import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, it } from "vitest";
import { type Document, fullApp, MANIFESTS, type Operation, operations, templated } from "./helpers";

let doc: Document;

beforeAll(async () => {
  const { auth } = fullApp({ title: "Gatehouse test", version: "9.9.9" });
  doc = (await auth.api.generateOpenAPISchema()) as unknown as Document;
});

/** Every `$ref` in a value. */
function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refs(item, out);
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && typeof item === "string") out.push(item);
      else refs(item, out);
    }
  }
  return out;
}

/** One stable line per operation: what a reviewer should notice changing. */
function summary(key: string, op: Operation): string {
  const schemes = op.security.map((s) => Object.keys(s)[0] ?? "none");
  const auth =
    schemes.length === 0
      ? "public"
      : schemes.includes("none")
        ? "optional"
        : schemes.map((s) => (s === "sessionCookie" ? "session" : s)).join("|");
  const params = (op.parameters ?? []).map((p) => `${p.in[0]}:${p.name}${p.required ? "" : "?"}`);
  const json = op.requestBody?.content["application/json"]?.schema;
  const required = new Set((json?.required as string[] | undefined) ?? []);
  const body = json
    ? Object.keys((json.properties as Record<string, unknown> | undefined) ?? {}).map(
        (name) => `${name}${required.has(name) ? "" : "?"}`,
      )
    : op.requestBody
      ? Object.keys(op.requestBody.content)
      : [];
  const statuses = Object.entries(op.responses)
    .map(([status, response]) => {
      const content = (response as { content?: Record<string, unknown> }).content;
      return status === "200" && content
        ? `200:${Object.keys(content)
            .map((type) => type.split("/")[1])
            .join("+")}`
        : status;
    })
    .join(",");
  return `${key} ${op.operationId} [${op.tags.join(",")}] ${auth} (${params.join(" ")}) {${body.join(" ")}} ${statuses}`;
}

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(doc as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.1");
    expect(doc.info).toMatchObject({ title: "Gatehouse test", version: "9.9.9" });
    expect(doc.servers).toEqual([{ url: "http://localhost:3000/api/auth" }]);
  });

  it("the validator refuses a broken copy (it really checks)", async () => {
    const broken = structuredClone(doc);
    // OpenAPI 3 has no body parameters (Swagger 2 had).
    broken.paths["/billing/orders/list"]!.get!.parameters![0]!.in = "body";
    expect((await new Validator().validate(broken as never)).valid).toBe(false);
  });

  it("covers every routed route of every manifest with its method and tag, and nothing else", () => {
    const expected = new Map<string, string>();
    const serverOnly: string[] = [];
    for (const [tag, manifest] of Object.entries(MANIFESTS)) {
      for (const route of Object.values(manifest)) {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          const key = `${method} ${templated(route.path)}`;
          if (route.serverOnly) serverOnly.push(key);
          else expected.set(key, tag);
        }
      }
    }
    const ops = operations(doc);
    expect([...ops.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [key, tag] of expected) expect(ops.get(key)?.tags, key).toEqual([tag]);
    expect(serverOnly).toContain("POST /set-password");
    for (const key of serverOnly) expect(ops.has(key)).toBe(false);
    // Many billing, organization and core routes: a missing plugin would show as hundreds of gaps.
    expect(ops.size).toBeGreaterThan(150);
  });

  it("gives every operation a unique operationId, and every $ref resolves", () => {
    const ids = [...operations(doc).values()].map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain("callbackOAuthGet");
    expect(ids).toContain("callbackOAuthPost");
    for (const ref of refs(doc)) {
      const [, section, name] = /^#\/components\/(schemas|responses)\/(.+)$/.exec(ref) ?? [];
      expect(section, ref).toBeDefined();
      expect(doc.components[section as "schemas" | "responses"][name!], ref).toBeDefined();
    }
  });

  it("takes inputs from the zod schemas: body, query and path parameters", () => {
    const ops = operations(doc);
    const signIn = ops.get("POST /sign-in/email")!;
    const body = signIn.requestBody!.content["application/json"]!.schema;
    expect(body.required).toEqual(["email", "password"]);
    expect(body.properties).toMatchObject({ email: { type: "string", maxLength: 254 } });
    expect(signIn.security).toEqual([]);
    const reset = ops.get("GET /reset-password/{token}")!;
    expect(reset.parameters).toContainEqual({
      name: "token",
      in: "path",
      required: true,
      schema: { type: "string" },
    });
    const orders = ops.get("GET /billing/orders/list")!;
    expect(orders.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(["organizationId", "page", "limit", "customerId", "status"]),
    );
    // Merchant reads take a session or an organization API key (the API-key plugin's header).
    expect(orders.security).toEqual([{ sessionCookie: [] }, { "x-api-key": [] }]);
    expect(doc.components.securitySchemes?.["x-api-key"]).toMatchObject({ in: "header", name: "x-api-key" });
    expect(orders.responses["401"]).toEqual({ $ref: "#/components/responses/Unauthorized" });
    // Recursive JSON values (metadata) are one shared component, not inlined forever.
    expect(doc.components.schemas.JsonValue).toBeDefined();
  });

  it("describes pages, redirects and files as what they are", () => {
    const ops = operations(doc);
    const content = (key: string) =>
      Object.keys((ops.get(key)!.responses["200"] as { content: Record<string, unknown> }).content);
    expect(content("GET /billing/orders/invoice")).toEqual(["application/json", "text/html"]);
    expect(content("GET /checkout/{clientSecret}")).toEqual(["text/html"]);
    expect(content("GET /error")).toEqual(["text/html"]);
    expect(content("GET /product-media/{id}")).toEqual(["application/octet-stream"]);
    const reset = ops.get("GET /reset-password/{token}")!;
    expect(reset.responses["200"]).toBeUndefined();
    expect(reset.responses["302"]).toMatchObject({ headers: { Location: { schema: { type: "string" } } } });
    expect(content("GET /ok")).toEqual(["application/json"]);
    expect((ops.get("GET /ok")!.responses["200"] as { content: Record<string, unknown> }).content).toEqual({
      "application/json": {
        schema: {
          type: "object",
          properties: { ok: { type: "boolean", const: true } },
          required: ["ok"],
          additionalProperties: false,
        },
      },
    });
  });

  it("describes the spec's error shape: { code, message }", () => {
    expect(doc.components.schemas.Error).toMatchObject({
      type: "object",
      required: ["code", "message"],
    });
    for (const op of operations(doc).values()) {
      expect(op.responses["400"]).toEqual({ $ref: "#/components/responses/BadRequest" });
      expect(op.responses.default).toEqual({ $ref: "#/components/responses/Error" });
      // Only operations with a request body can be refused for its size.
      expect(op.responses["413"] !== undefined, op.operationId).toBe(op.requestBody !== undefined);
    }
  });

  it("matches the reviewed surface (update the snapshot when a route changes on purpose)", async () => {
    const lines = [...operations(doc)].map(([key, op]) => summary(key, op)).sort();
    await expect(`${lines.join("\n")}\n`).toMatchFileSnapshot("./__snapshots__/open-api-surface.txt");
  });
});
