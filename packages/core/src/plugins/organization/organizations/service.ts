import type { JsonValue, UserRow } from "../../../plugin";
import { isAdapterError, type Row } from "../../../plugin";
import { clearActive } from "../active-session";
import { assertCan, type OrgContext, requireMember, requireOrganization } from "../context";
import { ORG_ERRORS } from "../errors";
import { withOrganizationLock } from "../members/owner-guard";
import { memberRepository } from "../members/repository";
import { toMember, toOrganization } from "../shape";
import { teamRepository } from "../teams/repository";
import type { Member, Organization, Team } from "../types";
import { organizationRepository } from "./repository";
import { assertBelowOrganizationLimit, assertMayCreate } from "./rules";

export interface CreateOrganizationInput {
  readonly user: UserRow;
  readonly name: string;
  readonly slug: string;
  readonly logo?: string | null;
  readonly metadata?: Record<string, JsonValue>;
  readonly extra?: Row;
}

export interface OrganizationChanges {
  readonly name?: string;
  readonly slug?: string;
  readonly logo?: string | null;
  readonly metadata?: Record<string, JsonValue>;
  readonly extra?: Row;
}

/** Organizations: create, update, delete, read. Memberships live in the members services. */
export function createOrganizationService(ctx: OrgContext) {
  const { app, opts } = ctx;
  const repo = () => organizationRepository(app.adapter);

  return {
    /**
     * Creates the organization with the user as its first member (the creator role, "owner" by
     * default) and, with teams on, a default team holding them. Refused when the user may not
     * create organizations, has reached the organization limit, or the slug is taken.
     */
    async create(input: CreateOrganizationInput): Promise<{
      organization: Organization;
      member: Member;
      team: Team | null;
    }> {
      await assertMayCreate(opts.raw, input.user);
      await assertBelowOrganizationLimit(opts.raw, input.user, () => repo().countForUser(input.user.id));
      if (await repo().findBySlug(input.slug)) throw ORG_ERRORS.ORGANIZATION_ALREADY_EXISTS();
      const hooked = await app.events.runBefore("organization.create", {
        data: {
          ...input.extra,
          name: input.name,
          slug: input.slug,
          logo: input.logo ?? null,
          metadata: input.metadata ?? {},
        },
        user: input.user,
      });
      const insertAll = () =>
        app.adapter.transaction(async (tx) => {
          const createdAt = app.now();
          const row = await organizationRepository(tx).create({ ...hooked.data, ownerCount: 1, createdAt });
          const member = await memberRepository(tx).create({
            organizationId: row.id,
            userId: input.user.id,
            roles: [opts.creatorRole],
            createdAt,
          });
          if (!opts.defaultTeam) return { row, member, team: null };
          const team = await teamRepository(tx).create({ name: row.name, organizationId: row.id, createdAt });
          await teamRepository(tx).addMember(team.id, input.user.id, createdAt);
          return { row, member, team };
        });
      let created: Awaited<ReturnType<typeof insertAll>>;
      try {
        created = await insertAll();
      } catch (error) {
        if (isAdapterError(error, "UNIQUE_VIOLATION")) throw ORG_ERRORS.ORGANIZATION_ALREADY_EXISTS();
        throw error;
      }
      const organization = toOrganization(app, created.row);
      const member = toMember(app, created.member);
      await app.events.emit("organization.created", { organization, member, user: input.user });
      await app.events.emit("organization.member.added", { member, organizationId: organization.id });
      if (created.team) await app.events.emit("organization.team.created", { team: created.team });
      return { organization, member, team: created.team };
    },

    /** `true` when the slug is free, else "Organization slug already taken". */
    async checkSlug(slug: string): Promise<true> {
      if (await repo().findBySlug(slug)) throw ORG_ERRORS.ORGANIZATION_SLUG_ALREADY_TAKEN();
      return true;
    },

    /** Needs organization:update; a new slug must be free. */
    async update(
      userId: string,
      organizationId: string,
      changes: OrganizationChanges,
    ): Promise<Organization> {
      const current = await requireOrganization(app.adapter, organizationId);
      const member = await requireMember(app.adapter, organizationId, userId);
      assertCan(
        opts,
        member,
        { organization: ["update"] },
        ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION,
      );
      if (changes.slug && changes.slug !== current.slug && (await repo().findBySlug(changes.slug))) {
        throw ORG_ERRORS.ORGANIZATION_SLUG_ALREADY_TAKEN();
      }
      const { extra, ...fields } = changes;
      const data = Object.fromEntries(
        Object.entries({ ...extra, ...fields }).filter(([, v]) => v !== undefined),
      );
      let row = current;
      try {
        if (Object.keys(data).length > 0) row = (await repo().update(organizationId, data)) ?? current;
      } catch (error) {
        if (isAdapterError(error, "UNIQUE_VIOLATION")) throw ORG_ERRORS.ORGANIZATION_SLUG_ALREADY_TAKEN();
        throw error;
      }
      const organization = toOrganization(app, row);
      await app.events.emit("organization.updated", {
        organization,
        previous: toOrganization(app, current),
        userId,
      });
      return organization;
    },

    /**
     * Needs organization:delete (owners only by default). Deletes members, invitations and teams
     * with it, and clears it as the active organization of every session.
     */
    async delete(user: UserRow, organizationId: string): Promise<Organization> {
      if (opts.raw.disableOrganizationDeletion) throw ORG_ERRORS.ORGANIZATION_DELETION_IS_DISABLED();
      const row = await requireOrganization(app.adapter, organizationId);
      const member = await requireMember(app.adapter, organizationId, user.id);
      assertCan(
        opts,
        member,
        { organization: ["delete"] },
        ORG_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION,
      );
      const organization = toOrganization(app, row);
      await app.events.runBefore("organization.delete", { organization, user });
      const userIds = app.secondaryStorage
        ? await memberRepository(app.adapter).userIds(organizationId)
        : undefined;
      await withOrganizationLock(app, organizationId, (tx) =>
        organizationRepository(tx).deleteWithChildren(organizationId, opts.teamsEnabled),
      );
      await clearActive(app, { field: "activeOrganizationId", id: organizationId, userIds });
      await app.events.emit("organization.deleted", { organization, userId: user.id });
      return organization;
    },

    /** The organizations the user belongs to. */
    async listForUser(userId: string): Promise<Organization[]> {
      return (await repo().listForUser(userId)).map((row) => toOrganization(app, row));
    },

    /** An organization by id or slug, for one of its members. */
    async findForMember(userId: string, ref: { id?: string; slug?: string }): Promise<Organization> {
      const row = ref.slug
        ? await repo().findBySlug(ref.slug)
        : ref.id
          ? await repo().findById(ref.id)
          : null;
      if (!row) throw ORG_ERRORS.ORGANIZATION_NOT_FOUND();
      await requireMember(app.adapter, row.id, userId);
      return toOrganization(app, row);
    },
  };
}

export type OrganizationService = ReturnType<typeof createOrganizationService>;
