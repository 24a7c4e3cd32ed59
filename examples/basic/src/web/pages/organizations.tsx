import { authClient } from "../auth-client";
import { useLocation, usePageTitle } from "../router";
import { ActionButton, Badge, Card, Empty, ErrorNote, Field, Form, Loading, when } from "../ui";
import { useLoad } from "../use-load";

interface Invitation {
  id: string;
  email: string;
  role: string;
  status: string;
  expiresAt: string | Date;
  organizationName?: string;
}
interface Member {
  id: string;
  role: string;
  userId: string;
  user: { name: string; email: string };
}
interface FullOrg {
  id: string;
  name: string;
  slug: string;
  members: Member[];
  invitations: Invitation[];
  teams?: { id: string; name: string }[];
}

const ROLES = ["member", "admin", "owner"];
const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function ReceivedInvitations() {
  const { search } = useLocation();
  const highlighted = search.get("invitation");
  const invitations = useLoad(
    () =>
      authClient.organization.listUserInvitations() as unknown as Promise<{
        data: Invitation[];
        error: null;
      }>,
  );
  const refresh = () => void invitations.reload();
  return (
    <Card title="Invitations for you" description="Accept to join the organization with the offered role.">
      {invitations.loading ? (
        <Loading what="invitations" />
      ) : invitations.error ? (
        <ErrorNote error={invitations.error} />
      ) : invitations.data?.length === 0 ? (
        <Empty>No open invitations.</Empty>
      ) : (
        <ul className="list" data-testid="received-invitations">
          {invitations.data?.map((i) => (
            <li key={i.id} className={i.id === highlighted ? "highlight" : undefined}>
              <div>
                <strong>{i.organizationName}</strong> as <Badge>{i.role}</Badge>
                <div className="muted small">Expires {when(i.expiresAt)}</div>
              </div>
              <span className="row">
                <ActionButton
                  tone="primary"
                  label={`Accept the invitation to ${i.organizationName}`}
                  action={() => authClient.organization.acceptInvitation({ invitationId: i.id })}
                  onDone={refresh}
                >
                  Accept
                </ActionButton>
                <ActionButton
                  label={`Decline the invitation to ${i.organizationName}`}
                  action={() => authClient.organization.rejectInvitation({ invitationId: i.id })}
                  onDone={refresh}
                >
                  Decline
                </ActionButton>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Members({ org, canManage, myUserId }: { org: FullOrg; canManage: boolean; myUserId: string }) {
  return (
    <Card
      title="Members"
      description={`${org.members.length} ${org.members.length === 1 ? "member" : "members"} in ${org.name}.`}
    >
      <table data-testid="members">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            {canManage && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {org.members.map((m) => (
            <tr key={m.id}>
              <td>{m.user.name}</td>
              <td>{m.user.email}</td>
              <td>
                {canManage && m.userId !== myUserId ? (
                  <select
                    aria-label={`Role of ${m.user.name}`}
                    defaultValue={m.role}
                    onChange={(e) =>
                      void authClient.organization.updateMemberRole({ memberId: m.id, role: e.target.value })
                    }
                  >
                    {ROLES.map((r) => (
                      <option key={r}>{r}</option>
                    ))}
                  </select>
                ) : (
                  <Badge>{m.role}</Badge>
                )}
              </td>
              {canManage && (
                <td>
                  {m.userId !== myUserId && (
                    <ActionButton
                      tone="danger"
                      label={`Remove ${m.user.name}`}
                      action={() => authClient.organization.removeMember({ memberIdOrEmail: m.id })}
                    >
                      Remove
                    </ActionButton>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function Invitations({ org, canManage }: { org: FullOrg; canManage: boolean }) {
  const pending = org.invitations.filter((i) => i.status === "pending");
  return (
    <Card title="Invitations sent" description="Invited people get a mail (see the mailbox).">
      {canManage && (
        <Form
          id="invite"
          label="Invite someone"
          resetOnSuccess
          submit="Send invitation"
          success="Invitation sent."
          action={(v) =>
            authClient.organization.inviteMember({
              email: v.email,
              role: v.role as "member" | "admin" | "owner",
            })
          }
        >
          <div className="inline-fields">
            <Field label="Email" name="email" type="email" required />
            <div className="field">
              <label htmlFor="invite-role">Role</label>
              <select id="invite-role" name="role" defaultValue="member">
                {ROLES.map((r) => (
                  <option key={r}>{r}</option>
                ))}
              </select>
            </div>
          </div>
        </Form>
      )}
      {pending.length === 0 ? (
        <Empty>No pending invitations.</Empty>
      ) : (
        <ul className="list" data-testid="sent-invitations">
          {pending.map((i) => (
            <li key={i.id}>
              <div>
                <strong>{i.email}</strong> <Badge>{i.role}</Badge>
                <div className="muted small">Expires {when(i.expiresAt)}</div>
              </div>
              {canManage && (
                <ActionButton
                  label={`Cancel the invitation of ${i.email}`}
                  action={() => authClient.organization.cancelInvitation({ invitationId: i.id })}
                >
                  Cancel
                </ActionButton>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Teams({ org, canManage }: { org: FullOrg; canManage: boolean }) {
  return (
    <Card title="Teams" description="Group members inside the organization.">
      {(org.teams ?? []).length === 0 ? (
        <Empty>No teams yet.</Empty>
      ) : (
        <ul className="list" data-testid="teams">
          {org.teams?.map((t) => (
            <li key={t.id}>
              <strong>{t.name}</strong>
              {canManage && (
                <ActionButton
                  label={`Delete the team ${t.name}`}
                  action={() => authClient.$fetch("/organization/remove-team", { body: { teamId: t.id } })}
                >
                  Delete
                </ActionButton>
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && (
        <Form
          id="create-team"
          label="Create a team"
          submit="Create team"
          action={(v) => authClient.$fetch("/organization/create-team", { body: { name: v.name } })}
        >
          <Field label="Team name" name="name" required />
        </Form>
      )}
    </Card>
  );
}

export function OrganizationsPage() {
  usePageTitle("Organizations");
  const { data: session } = authClient.useSession();
  const orgs = authClient.useListOrganizations();
  const active = authClient.useActiveOrganization();
  const activeMember = authClient.useActiveMember();
  const org = active.data as unknown as FullOrg | null;
  const canManage = ["owner", "admin"].some((r) => String(activeMember.data?.role ?? "").includes(r));

  return (
    <>
      <div className="page-head">
        <h1 tabIndex={-1}>Organizations</h1>
      </div>
      <div className="grid two">
        <Card title="Your organizations" description="The active one is used for members, teams and billing.">
          {orgs.isPending ? (
            <Loading what="organizations" />
          ) : (orgs.data ?? []).length === 0 ? (
            <Empty>You are not in any organization yet.</Empty>
          ) : (
            <ul className="list" data-testid="organizations">
              {orgs.data?.map((o) => (
                <li key={o.id}>
                  <div>
                    <strong>{o.name}</strong> <span className="muted small">/{o.slug}</span>
                  </div>
                  {org?.id === o.id ? (
                    <Badge tone="good">Active</Badge>
                  ) : (
                    <ActionButton
                      label={`Switch to ${o.name}`}
                      action={() => authClient.organization.setActive({ organizationId: o.id })}
                    >
                      Switch
                    </ActionButton>
                  )}
                </li>
              ))}
            </ul>
          )}
          <Form
            id="create-organization"
            label="Create an organization"
            resetOnSuccess
            submit="Create organization"
            action={(v) => authClient.organization.create({ name: v.name, slug: v.slug || slugify(v.name) })}
          >
            <div className="inline-fields">
              <Field label="Name" name="name" required />
              <Field label="Slug" name="slug" hint="Optional: made from the name." />
            </div>
          </Form>
        </Card>
        <ReceivedInvitations />
      </div>
      {active.isPending ? (
        <Loading what="the active organization" />
      ) : org && session ? (
        <>
          <h2 className="section-title">{org.name}</h2>
          <Members org={org} canManage={canManage} myUserId={session.user.id} />
          <div className="grid two">
            <Invitations org={org} canManage={canManage} />
            <Teams org={org} canManage={canManage} />
          </div>
        </>
      ) : (
        <Empty>Pick or create an organization to manage its members and teams.</Empty>
      )}
    </>
  );
}
