import type { InferFields } from "../../plugin";
import type {
  InvitationStatus,
  invitationFields,
  memberFields,
  organizationFields,
  organizationRoleFields,
  teamFields,
  teamMemberFields,
} from "./models";

type Extra = Record<string, unknown>;

/** Rows as stored (plus any additional fields configured). */
export type OrganizationRow = InferFields<typeof organizationFields> & Extra;
export type MemberRow = InferFields<typeof memberFields> & Extra;
export type InvitationRow = Omit<InferFields<typeof invitationFields>, "status"> & {
  status: InvitationStatus;
} & Extra;
export type TeamRow = InferFields<typeof teamFields> & Extra;
export type TeamMemberRow = InferFields<typeof teamMemberFields> & Extra;
/** A role stored per organization (dynamic access control); `permission` maps resource -> actions. */
export type OrganizationRoleRow = Omit<InferFields<typeof organizationRoleFields>, "permission"> & {
  permission: Record<string, string[]>;
} & Extra;

/** An organization as the API returns it: `metadata` is always an object, `ownerCount` is internal. */
export type Organization = Omit<InferFields<typeof organizationFields>, "ownerCount" | "metadata"> & {
  metadata: Record<string, unknown>;
} & Extra;

/** The user fields shown with a member. */
export interface MemberUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

export type Member = MemberRow;
export type MemberWithUser = MemberRow & { user: MemberUser };
export type Invitation = InvitationRow;
export type Team = TeamRow;
export type TeamMember = TeamMemberRow;

export type FullOrganization = Organization & {
  members: MemberWithUser[];
  invitations: Invitation[];
  teams?: Team[];
};
