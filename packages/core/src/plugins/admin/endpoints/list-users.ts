import { z } from "zod";
import type { AppContext, UserRow, Where, WhereCondition, WhereScalar } from "../../../plugin";
import { AUTH_ERRORS, publicUser } from "../../../plugin";
import { ADMIN_ERRORS } from "../errors";
import type { ResolvedAdminOptions } from "../options";
import { adminEndpoint } from "../permissions";
import { adminRoutes } from "../routes";

const listUsersQuery = z.object({
  searchValue: z.string().optional(),
  searchField: z.enum(["email", "name"]).optional(),
  searchOperator: z.enum(["contains", "starts_with", "ends_with"]).optional(),
  limit: z.coerce.number().int().min(0).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  sortBy: z.string().optional(),
  sortDirection: z.enum(["asc", "desc"]).optional(),
  filterField: z.string().optional(),
  filterValue: z.union([z.string(), z.number(), z.boolean()]).optional(),
  filterOperator: z.enum(["eq", "ne", "lt", "lte", "gt", "gte", "contains"]).optional(),
});

type ListUsersQuery = z.output<typeof listUsersQuery>;

/** A user field that may be sorted or filtered on (returned fields only), else 400. */
function userField(app: AppContext, name: string, param: string) {
  const def = name === "id" ? { type: "string" as const } : app.schema.user!.fields[name];
  if (!def || ("returned" in def && def.returned === false)) {
    throw AUTH_ERRORS.INVALID_QUERY_PARAMETERS({
      issues: [{ path: [param], message: `Unknown user field "${name}"` }],
    });
  }
  return def;
}

/** Query strings arrive as text: turn the filter value into the field's type. */
function filterValueFor(type: string, value: string | number | boolean): WhereScalar {
  if (typeof value !== "string") return value;
  if (type === "boolean" && (value === "true" || value === "false")) return value === "true";
  if (type === "number" && value.trim() !== "" && !Number.isNaN(Number(value))) return Number(value);
  if (type === "date" && !Number.isNaN(Date.parse(value))) return new Date(value);
  return value;
}

function whereFor(app: AppContext, query: ListUsersQuery): Where {
  const where: WhereCondition[] = [];
  if (query.searchValue) {
    where.push({
      field: query.searchField ?? "email",
      operator: query.searchOperator ?? "contains",
      value: query.searchValue,
    });
  }
  if (query.filterValue !== undefined && query.filterValue !== "") {
    const field = query.filterField ?? "email";
    const def = userField(app, field, "filterField");
    where.push({
      field,
      operator: query.filterOperator ?? "eq",
      value: filterValueFor(def.type, query.filterValue),
    });
  }
  return where;
}

/**
 * GET /admin/list-users -> {users, total, limit, offset}. Search (email or name; contains,
 * starts_with or ends_with, case-insensitive), one filter, sort and pagination; `total` counts
 * every match, ignoring limit and offset. Needs user:list.
 */
export function listUsersEndpoint(options: ResolvedAdminOptions) {
  return adminEndpoint(
    options,
    adminRoutes.listUsers,
    { permission: { user: ["list"] }, refused: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_LIST_USERS },
    {
      query: listUsersQuery,
      noStore: true,
      async handler({ app, query }) {
        const where = whereFor(app, query);
        if (query.sortBy) userField(app, query.sortBy, "sortBy");
        const [users, total] = await Promise.all([
          app.adapter.findMany<UserRow>({
            model: "user",
            where,
            limit: query.limit || undefined,
            offset: query.offset || undefined,
            sortBy: query.sortBy
              ? { field: query.sortBy, direction: query.sortDirection ?? "asc" }
              : undefined,
          }),
          app.adapter.count({ model: "user", where }),
        ]);
        return {
          users: users.map((u) => publicUser(app, u)),
          total,
          limit: query.limit || undefined,
          offset: query.offset || undefined,
        };
      },
    },
  );
}
