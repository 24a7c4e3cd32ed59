import type { AppContext } from "../../plugin";
import type { OrganizationHooks } from "./options";

type Replacement = { data: Record<string, unknown> } | undefined;

const merge = <P extends { data: Record<string, unknown> }>(payload: P, result: Replacement): P =>
  result?.data ? { ...payload, data: { ...payload.data, ...result.data } } : payload;

/**
 * Wires the user's `organizationHooks` onto the typed event bus: "before" callbacks become
 * before-hooks (they run before the write, outside its transaction, and may throw to refuse or
 * return `{ data }` to change what is written), "after" callbacks become event handlers (run after
 * the change commits). Nothing in the flows calls these callbacks by hand.
 */
export function registerOrganizationHooks(app: AppContext, hooks: OrganizationHooks | undefined): void {
  if (!hooks) return;
  const { events } = app;
  const {
    beforeCreateOrganization,
    afterCreateOrganization,
    beforeCreateInvitation,
    afterCreateInvitation,
    beforeAcceptInvitation,
    afterAcceptInvitation,
    beforeRemoveMember,
    afterRemoveMember,
    beforeDeleteOrganization,
    afterDeleteOrganization,
  } = hooks;

  if (beforeCreateOrganization) {
    events.before("organization.create", async (p) =>
      merge(p, await beforeCreateOrganization({ organization: p.data, user: p.user })),
    );
  }
  if (afterCreateOrganization) events.on("organization.created", (p) => afterCreateOrganization(p));

  if (beforeCreateInvitation) {
    events.before("organization.invitation.create", async (p) =>
      merge(
        p,
        await beforeCreateInvitation({
          invitation: p.data,
          inviter: p.inviter,
          organization: p.organization,
        }),
      ),
    );
  }
  if (afterCreateInvitation) events.on("organization.invitation.created", (p) => afterCreateInvitation(p));

  if (beforeAcceptInvitation) {
    events.before("organization.invitation.accept", async (p) => {
      await beforeAcceptInvitation(p);
      return p;
    });
  }
  if (afterAcceptInvitation) events.on("organization.invitation.accepted", (p) => afterAcceptInvitation(p));

  if (beforeRemoveMember) {
    events.before("organization.member.remove", async (p) => {
      await beforeRemoveMember(p);
      return p;
    });
  }
  if (afterRemoveMember) {
    events.on("organization.member.removed", (p) =>
      afterRemoveMember({ member: p.member, organizationId: p.organizationId }),
    );
  }

  if (beforeDeleteOrganization) {
    events.before("organization.delete", async (p) => {
      await beforeDeleteOrganization(p);
      return p;
    });
  }
  if (afterDeleteOrganization) {
    events.on("organization.deleted", async (p) => {
      const user = p.userId ? await app.core.users.findById(p.userId) : null;
      await afterDeleteOrganization({ organization: p.organization, user });
    });
  }
}
