import type { AppContext } from "../../plugin";
import { returnedFields } from "../../plugin";
import type { Member, MemberRow, MemberUser, MemberWithUser, Organization, OrganizationRow } from "./types";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Organization metadata is an object in every response: stored JSON text is parsed, absence is {}. */
export function asMetadata(value: unknown): Record<string, unknown> {
  if (typeof value === "string") {
    try {
      const parsed: unknown = JSON.parse(value);
      return isRecord(parsed) ? parsed : {};
    } catch {
      return {};
    }
  }
  return isRecord(value) ? value : {};
}

/** The API form of an organization row (internal fields such as `ownerCount` removed). */
export function toOrganization(app: AppContext, row: OrganizationRow): Organization {
  const visible = returnedFields(app, "organization", row);
  return { ...visible, metadata: asMetadata(row.metadata) } as Organization;
}

export function toMember(app: AppContext, row: MemberRow): Member {
  const { user: _user, ...member } = row as MemberRow & { user?: unknown };
  return returnedFields(app, "member", member) as Member;
}

export function toMemberUser(user: Record<string, unknown>): MemberUser {
  return {
    id: String(user.id),
    name: String(user.name ?? ""),
    email: String(user.email ?? ""),
    image: typeof user.image === "string" ? user.image : null,
  };
}

/** A member row loaded with `join: { user: true }` -> member plus `{ id, name, email, image }`. */
export function toMemberWithUser(app: AppContext, row: MemberRow & { user?: unknown }): MemberWithUser {
  const user = isRecord(row.user)
    ? toMemberUser(row.user)
    : { id: row.userId, name: "", email: "", image: null };
  return { ...toMember(app, row), user };
}
