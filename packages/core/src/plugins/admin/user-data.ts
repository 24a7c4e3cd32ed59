import { z } from "zod";
import type { AppContext, ErrorFactory, ModelDef } from "../../plugin";
import { AUTH_ERRORS, fieldSchema } from "../../plugin";
import type { PermissionRequest } from "./access";
import { ADMIN_ERRORS } from "./errors";

/** Fields no one writes directly. */
const SYSTEM_FIELDS = new Set(["id", "createdAt", "updatedAt"]);

const cache = new WeakMap<ModelDef, z.ZodType<Record<string, unknown>>>();

/**
 * Validator for user data written by an admin: every field of the user model (including those a
 * client may not set, such as role and banned) with its declared type; unknown keys are dropped.
 */
function adminUserSchema(model: ModelDef): z.ZodType<Record<string, unknown>> {
  let schema = cache.get(model);
  if (!schema) {
    const shape: Record<string, z.ZodType> = {};
    for (const [name, def] of Object.entries(model.fields)) {
      if (SYSTEM_FIELDS.has(name)) continue;
      shape[name] = (def.required === false ? fieldSchema(def).nullable() : fieldSchema(def)).optional();
    }
    schema = z.object(shape) as z.ZodType<Record<string, unknown>>;
    cache.set(model, schema);
  }
  return schema;
}

/** Parses `data` for a user write; 400 "Invalid body parameters" with the issues under `data`. */
export function parseAdminUserData(app: AppContext, data: Record<string, unknown>): Record<string, unknown> {
  const parsed = adminUserSchema(app.schema.user!).safeParse(data);
  if (!parsed.success) {
    throw AUTH_ERRORS.INVALID_BODY_PARAMETERS({
      issues: parsed.error.issues.map((i) => ({ path: ["data", ...i.path.map(String)], message: i.message })),
    });
  }
  return Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
}

const BAN_FIELDS = ["banned", "banReason", "banExpires"];
const EMAIL_FIELDS = ["email", "emailVerified"];

/**
 * The extra permissions a write needs beyond user:create / user:update, each with its refusal:
 * a role needs user:set-role, ban fields user:ban, and (on update) email fields user:set-email.
 */
export function permissionsForData(
  data: Record<string, unknown>,
  mode: "create" | "update",
): [PermissionRequest, ErrorFactory][] {
  const needs: [PermissionRequest, ErrorFactory][] = [];
  const has = (fields: string[]) => fields.some((f) => f in data);
  if ("role" in data)
    needs.push([{ user: ["set-role"] }, ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE]);
  if (has(BAN_FIELDS)) needs.push([{ user: ["ban"] }, ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_BAN_USERS]);
  if (mode === "update" && has(EMAIL_FIELDS)) {
    needs.push([{ user: ["set-email"] }, ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS_EMAIL]);
  }
  return needs;
}
