import type { z } from "zod";
import { isRecord, type JSONSchema, type SchemaComponents } from "./json-schema";

/** An OpenAPI parameter object. */
export interface ParameterObject {
  readonly name: string;
  readonly in: "query" | "path";
  readonly required: boolean;
  readonly schema: JSONSchema;
  readonly description?: string;
  readonly style?: "form";
  readonly explode?: boolean;
}

/**
 * Query parameters from a query schema: one parameter per property of an object schema; anything
 * else (a union of objects) is one form-exploded object parameter named `query`.
 */
export function queryParameters(
  components: SchemaComponents,
  schema: z.ZodType,
  hint: string,
): ParameterObject[] {
  const json = components.input(schema, hint);
  const properties = json.properties;
  if (json.type !== "object" || !isRecord(properties)) {
    return [{ name: "query", in: "query", required: false, schema: json, style: "form", explode: true }];
  }
  const required = new Set(Array.isArray(json.required) ? (json.required as string[]) : []);
  return Object.entries(properties).map(([name, property]) => {
    const propertySchema = isRecord(property) ? property : {};
    const description =
      typeof propertySchema.description === "string" ? propertySchema.description : undefined;
    return {
      name,
      in: "query" as const,
      required: required.has(name),
      schema: propertySchema,
      ...(description ? { description } : {}),
    };
  });
}

/** `/reset-password/:token` as OpenAPI writes it (`/reset-password/{token}`), with its parameters. */
export function pathTemplate(path: string): { path: string; parameters: ParameterObject[] } {
  const parameters: ParameterObject[] = [];
  const template = path
    .split("/")
    .map((segment) => {
      if (!segment.startsWith(":")) return segment;
      const name = segment.slice(1);
      parameters.push({ name, in: "path", required: true, schema: { type: "string" } });
      return `{${name}}`;
    })
    .join("/");
  return { path: template, parameters };
}
