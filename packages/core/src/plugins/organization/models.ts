import { currentTime, type FieldMap } from "../../db/model";
import type { PluginSchema } from "../../plugin/define-plugin";

const now = currentTime;
const lower = (v: string) => v.toLowerCase();
const ref = (model: string) => ({ model, field: "id", onDelete: "cascade" as const });

/**
 * Models of spec section 3. Roles: `member.role` keeps the API form ("admin,member"); every role a
 * member holds is also a `memberRole` row, so "the owners of an organization" is one indexed count
 * (`memberRole where organizationId = ? and role = 'owner'`) with no string matching. The members
 * repository is the only writer of both, inside one transaction.
 *
 * `organization.ownerCount` (never returned) is the atomic guard of the last-owner rule: it is
 * decremented with `incrementOne({ by: -1, min: 1 })` in the same transaction that removes or demotes
 * an owner, so concurrent removals can never take an organization below one owner.
 */
export const organizationFields = {
  name: { type: "string", required: true },
  slug: { type: "string", required: true, unique: true },
  logo: { type: "string", required: false },
  metadata: { type: "json", required: false },
  ownerCount: { type: "number", required: true, default: 0, input: false, returned: false },
  createdAt: { type: "date", required: true, default: now, input: false },
} as const satisfies FieldMap;

export const memberFields = {
  organizationId: { type: "string", required: true, index: true, references: ref("organization") },
  userId: { type: "string", required: true, index: true, references: ref("user") },
  role: { type: "string", required: true },
  teamId: { type: "string", required: false },
  createdAt: { type: "date", required: true, default: now, input: false },
} as const satisfies FieldMap;

export const memberRoleFields = {
  memberId: { type: "string", required: true, references: ref("member") },
  organizationId: { type: "string", required: true, references: ref("organization") },
  role: { type: "string", required: true },
} as const satisfies FieldMap;

export const INVITATION_STATUSES = ["pending", "accepted", "rejected", "canceled"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const invitationFields = {
  organizationId: { type: "string", required: true, index: true, references: ref("organization") },
  email: { type: "string", required: true, index: true, transform: lower },
  role: { type: "string", required: true },
  status: { type: "string", required: true, default: "pending", input: false },
  teamId: { type: "string", required: false },
  inviterId: { type: "string", required: true, references: ref("user") },
  expiresAt: { type: "date", required: true, input: false },
  createdAt: { type: "date", required: true, default: now, input: false },
} as const satisfies FieldMap;

export const teamFields = {
  name: { type: "string", required: true },
  organizationId: { type: "string", required: true, index: true, references: ref("organization") },
  createdAt: { type: "date", required: true, default: now, input: false },
  updatedAt: { type: "date", required: false, onUpdate: now, input: false },
} as const satisfies FieldMap;

export const teamMemberFields = {
  teamId: { type: "string", required: true, references: ref("team") },
  userId: { type: "string", required: true, index: true, references: ref("user") },
  createdAt: { type: "date", required: true, default: now, input: false },
} as const satisfies FieldMap;

/**
 * Dynamic access control (`dynamicAccessControl.enabled`): roles defined at runtime per
 * organization, checked like the configured ones. `permission` is `{ resource: [actions] }`.
 */
export const organizationRoleFields = {
  organizationId: { type: "string", required: true, index: true, references: ref("organization") },
  role: { type: "string", required: true },
  permission: { type: "json", required: true },
  createdAt: { type: "date", required: true, default: now, input: false },
  updatedAt: { type: "date", required: false, onUpdate: now, input: false },
} as const satisfies FieldMap;

/** Fields the plugin adds to the core session. Not client-settable: only the endpoints change them. */
export const sessionFields = {
  activeOrganizationId: { type: "string", required: false, input: false },
  activeTeamId: { type: "string", required: false, input: false },
} as const satisfies FieldMap;

export interface AdditionalFields {
  readonly organization?: FieldMap;
  readonly member?: FieldMap;
  readonly invitation?: FieldMap;
  readonly team?: FieldMap;
  /** Dynamic access control's stored roles (better-auth's `schema.organizationRole.additionalFields`). */
  readonly organizationRole?: FieldMap;
}

/** The plugin's schema, with the user's additional fields merged in. */
export function organizationSchema(extra: AdditionalFields = {}, teams = false, dynamicRoles = false) {
  const base = coreSchema(extra, teams);
  if (!dynamicRoles) return base;
  return {
    ...base,
    organizationRole: {
      fields: { ...organizationRoleFields, ...extra.organizationRole },
      indexes: [{ fields: ["organizationId", "role"], unique: true }],
    },
  } satisfies PluginSchema;
}

function coreSchema(extra: AdditionalFields, teams: boolean) {
  const base = {
    organization: { fields: { ...organizationFields, ...extra.organization } },
    member: {
      fields: { ...memberFields, ...extra.member },
      indexes: [{ fields: ["organizationId", "userId"], unique: true }],
    },
    memberRole: {
      fields: memberRoleFields,
      indexes: [{ fields: ["memberId", "role"], unique: true }, { fields: ["organizationId", "role"] }],
    },
    invitation: { fields: { ...invitationFields, ...extra.invitation } },
    session: { fields: sessionFields },
  } satisfies PluginSchema;
  if (!teams) return base;
  return {
    ...base,
    team: { fields: { ...teamFields, ...extra.team } },
    teamMember: {
      fields: teamMemberFields,
      indexes: [{ fields: ["teamId", "userId"], unique: true }],
    },
  } satisfies PluginSchema;
}
