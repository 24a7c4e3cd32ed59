import type { AuthMode } from "../../router/endpoint";

/**
 * The error shape every failure answers with (spec section 8): the message, and the code derived
 * from it. Validation failures add the issues.
 */
const errorSchema = {
  type: "object",
  properties: {
    code: { type: "string", description: "The message upper-cased with underscores, e.g. INVALID_ORIGIN" },
    message: { type: "string" },
  },
  required: ["code", "message"],
};

const validationErrorSchema = {
  allOf: [
    { $ref: "#/components/schemas/Error" },
    {
      type: "object",
      properties: {
        issues: {
          type: "array",
          items: {
            type: "object",
            properties: {
              path: { type: "array", items: { type: ["string", "number"] } },
              message: { type: "string" },
            },
            required: ["path", "message"],
          },
        },
      },
    },
  ],
};

const json = (ref: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } });

/** Shared schemas and responses, referenced by every operation. */
export const ERROR_COMPONENTS = {
  schemas: { Error: errorSchema, ValidationError: validationErrorSchema },
  responses: {
    BadRequest: {
      description: "Invalid input (e.g. `Invalid body parameters`, `Invalid query parameters`)",
      content: json("ValidationError"),
    },
    Unauthorized: { description: "No session (`Unauthorized`)", content: json("Error") },
    Forbidden: {
      description: "Refused (`Invalid origin`, `Session is not fresh`, a missing permission)",
      content: json("Error"),
    },
    PayloadTooLarge: {
      description: "The body exceeds `advanced.maxBodySize` (`Request body too large`)",
      content: json("Error"),
    },
    TooManyRequests: {
      description: "Rate limited (`Too many requests. Please try again later.`)",
      headers: {
        "X-Retry-After": { description: "Seconds until a retry is allowed", schema: { type: "integer" } },
      },
      content: json("Error"),
    },
    Error: { description: "Any other error, with the same shape", content: json("Error") },
  },
} as const;

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The failures an operation can answer, by what it checks. */
export function errorResponses(input: {
  method: string;
  mode: AuthMode;
  hasBody: boolean;
}): Record<string, unknown> {
  const needsSession = input.mode !== "public" && input.mode !== "optional";
  // Cookie-carrying writes pass the origin check; sessions may lack a permission or freshness.
  const mayRefuse = input.method !== "GET" || needsSession;
  return {
    "400": ref("BadRequest"),
    ...(needsSession ? { "401": ref("Unauthorized") } : {}),
    ...(mayRefuse ? { "403": ref("Forbidden") } : {}),
    ...(input.hasBody ? { "413": ref("PayloadTooLarge") } : {}),
    "429": ref("TooManyRequests"),
    default: ref("Error"),
  };
}
