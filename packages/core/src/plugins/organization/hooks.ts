import type { AppContext } from "../../context/app-context";
import type { OrganizationHooks } from "./options";

/**
 * Wires the user's `organizationHooks` onto the typed event bus: "before" callbacks become
 * before-hooks (they run before the write and may throw to refuse, or return `{ data }` to replace
 * it), "after" callbacks become event handlers (run after the change commits).
 */
export function registerOrganizationHooks(app: AppContext, hooks: OrganizationHooks | undefined): void {
  if (!hooks) return;
  const { events } = app;
  const before = hooks.beforeCreateOrganization;
  if (before) {
    events.before("organization.create", async (payload) => {
      const result = await before({ organization: payload.data, user: payload.user });
      return result?.data ? { ...payload, data: { ...payload.data, ...result.data } } : payload;
    });
  }
  const after = hooks.afterCreateOrganization;
  if (after)
    events.on("organization.created", (p) =>
      after({ organization: p.organization, member: p.member, user: p.user }),
    );

  const beforeInvite = hooks.beforeCreateInvitation;
  if (beforeInvite) {
    events.before("organization.invitation.create", async (payload) => {
      const result = await beforeInvite({
        invitation: payload.data,
        inviter: payload.inviter,
        organization: payload.organization,
      });
      return result?.data ? { ...payload, data: { ...payload.data, ...result.data } } : payload;
    });
  }
  const afterInvite = hooks.afterCreateInvitation;
  if (afterInvite) events.on("organization.invitation.created", (p) => afterInvite(p));

  const beforeAccept = hooks.beforeAcceptInvitation;
  if (beforeAccept)
    events.before("organization.invitation.accept", async (p) => {
      await beforeAccept(p);
      return p;
    });
  const afterAccept = hooks.afterAcceptInvitation;
  if (afterAccept) events.on("organization.invitation.accepted", (p) => afterAccept(p));

  const beforeRemove = hooks.beforeRemoveMember;
  if (beforeRemove)
    events.before("organization.member.remove", async (p) => {
      await beforeRemove(p);
      return p;
    });
  const afterRemove = hooks.afterRemoveMember;
  if (afterRemove) {
    events.on("organization.member.removed", (p) =>
      afterRemove({ member: p.member, organizationId: p.organizationId }),
    );
  }

  const beforeDelete = hooks.beforeDeleteOrganization;
  if (beforeDelete)
    events.before("organization.delete", async (p) => {
      await beforeDelete(p);
      return p;
    });
  const afterDelete = hooks.afterDeleteOrganization;
  if (afterDelete) {
    events.on("organization.deleted", async (p) => {
      const user = p.userId ? await app.core.users.findById(p.userId) : null;
      await afterDelete({ organization: p.organization, user });
    });
  }
}
