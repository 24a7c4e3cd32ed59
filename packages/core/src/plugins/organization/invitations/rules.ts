import { ORG_ERRORS } from "../errors";
import type { InvitationRow } from "../types";

/** Invitation rules (spec sections 4 and 6): pure functions of plain values. */

/** Only pending, unexpired invitations can be acted on. */
export function isOpen(invitation: Pick<InvitationRow, "status" | "expiresAt">, now: Date): boolean {
  return invitation.status === "pending" && invitation.expiresAt.getTime() > now.getTime();
}

/** Narrows to an open invitation, else "Invitation not found" (missing, acted on or expired alike). */
export function assertOpen<T extends Pick<InvitationRow, "status" | "expiresAt">>(
  invitation: T | null,
  now: Date,
): asserts invitation is T {
  if (!invitation || !isOpen(invitation, now)) throw ORG_ERRORS.INVITATION_NOT_FOUND();
}

/** Only the invited user may view, accept or reject (email compared case-insensitively). */
export function assertRecipient(invitation: Pick<InvitationRow, "email">, email: string): void {
  if (invitation.email.trim().toLowerCase() !== email.trim().toLowerCase()) {
    throw ORG_ERRORS.YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION();
  }
}

export function invitationExpiry(now: Date, seconds: number): Date {
  return new Date(now.getTime() + seconds * 1000);
}
