import type { ModelDef, Where, WhereOperator } from "../../../plugin";
import { AUTH_ERRORS } from "../../../plugin";
import type { MemberListQuery, MemberRepository } from "./repository";

export const MEMBER_FILTER_OPERATORS = [
  "eq",
  "ne",
  "lt",
  "lte",
  "gt",
  "gte",
  "in",
  "not_in",
  "contains",
  "starts_with",
  "ends_with",
] as const satisfies readonly WhereOperator[];

export interface MemberListParams {
  readonly limit?: number;
  readonly offset?: number;
  readonly sortBy?: string;
  readonly sortDirection?: "asc" | "desc";
  readonly filterField?: string;
  readonly filterValue?: string;
  readonly filterOperator?: (typeof MEMBER_FILTER_OPERATORS)[number];
}

/** Members per page when no `limit` is given (the total is always counted). */
export const DEFAULT_PAGE_SIZE = 100;

const badQuery = (message: string) =>
  AUTH_ERRORS.INVALID_QUERY_PARAMETERS({ issues: [{ path: [], message }] });

function assertField(model: ModelDef, field: string): void {
  if (field !== "id" && !Object.hasOwn(model.fields, field))
    throw badQuery(`Unknown member field "${field}"`);
}

/**
 * Turns list-members parameters (better-auth's limit/offset/sort/filter) into a repository query.
 * A filter on `role` with eq/ne/in/not_in matches single roles through `memberRole` rows, so
 * `role eq admin` finds "admin,member" too; other fields filter the member row directly.
 */
export async function memberListQuery(
  model: ModelDef,
  repo: MemberRepository,
  organizationId: string,
  params: MemberListParams,
): Promise<MemberListQuery> {
  let where: Where = [];
  if (params.filterField && params.filterValue !== undefined) {
    const field = params.filterField;
    const operator = params.filterOperator ?? "eq";
    assertField(model, field);
    const list = params.filterValue.split(",").map((v) => v.trim());
    if (field === "role" && ["eq", "ne", "in", "not_in"].includes(operator)) {
      const roles = operator === "eq" || operator === "ne" ? [params.filterValue.trim()] : list;
      const ids = new Set<string>();
      for (const role of roles) for (const id of await repo.idsWithRole(organizationId, role)) ids.add(id);
      const negate = operator === "ne" || operator === "not_in";
      where = [{ field: "id", operator: negate ? "not_in" : "in", value: [...ids] }];
    } else {
      const type = field === "id" ? "string" : model.fields[field]!.type;
      const scalar = (v: string) => (type === "date" ? new Date(v) : type === "number" ? Number(v) : v);
      if (type === "boolean") throw badQuery(`Member field "${field}" cannot be filtered`);
      where =
        operator === "in" || operator === "not_in"
          ? [{ field, operator, value: list.map((v) => scalar(v) as string | number) }]
          : [{ field, operator, value: scalar(params.filterValue) }];
    }
  }
  if (params.sortBy) assertField(model, params.sortBy);
  return {
    where,
    limit: params.limit ?? DEFAULT_PAGE_SIZE,
    offset: params.offset,
    sortBy: params.sortBy ? { field: params.sortBy, direction: params.sortDirection ?? "asc" } : undefined,
  };
}
