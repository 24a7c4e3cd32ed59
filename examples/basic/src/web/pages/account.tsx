import { authClient } from "../auth-client";
import { navigate, useLocation, usePageTitle } from "../router";
import { ActionButton, Badge, Card, ErrorNote, Field, Form, Loading, when } from "../ui";
import { type DemoConfig, demoGet, useLoad } from "../use-load";

interface SessionRow {
  id: string;
  token: string;
  userAgent?: string | null;
  ipAddress?: string | null;
  createdAt: string | Date;
  expiresAt: string | Date;
}
interface AccountRow {
  id: string;
  providerId: string;
  accountId: string;
  createdAt: string | Date;
}

const device = (ua?: string | null) => {
  if (!ua) return "Unknown device";
  const browser = /Chrome|Chromium/.test(ua)
    ? "Chromium"
    : /Firefox/.test(ua)
      ? "Firefox"
      : /Safari/.test(ua)
        ? "Safari"
        : "Browser";
  const os = /Linux/.test(ua) ? "Linux" : /Mac OS/.test(ua) ? "macOS" : /Windows/.test(ua) ? "Windows" : "";
  return os ? `${browser} on ${os}` : browser;
};

function Sessions({ currentId }: { currentId: string }) {
  const sessions = useLoad(
    () => authClient.listSessions() as unknown as Promise<{ data: SessionRow[]; error: null }>,
  );
  return (
    <Card
      title="Sessions"
      description="Where you are signed in. Revoking a session signs that device out."
      actions={
        <ActionButton action={() => authClient.revokeOtherSessions()} onDone={() => void sessions.reload()}>
          Sign out other sessions
        </ActionButton>
      }
    >
      {sessions.loading ? (
        <Loading what="sessions" />
      ) : sessions.error ? (
        <ErrorNote error={sessions.error} />
      ) : (
        <ul className="list" data-testid="sessions">
          {sessions.data?.map((s) => (
            <li key={s.id}>
              <div>
                <strong>{device(s.userAgent)}</strong>{" "}
                {s.id === currentId && <Badge tone="good">This device</Badge>}
                <div className="muted small">
                  Signed in {when(s.createdAt)} · expires {when(s.expiresAt)}
                  {s.ipAddress ? ` · ${s.ipAddress}` : ""}
                </div>
              </div>
              {s.id !== currentId && (
                <ActionButton
                  label={`Revoke the session on ${device(s.userAgent)} from ${when(s.createdAt)}`}
                  action={() => authClient.revokeSession({ token: s.token })}
                  onDone={() => void sessions.reload()}
                >
                  Revoke
                </ActionButton>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function LinkedAccounts() {
  const accounts = useLoad(
    () => authClient.listAccounts() as unknown as Promise<{ data: AccountRow[]; error: null }>,
  );
  const config = useLoad(() => demoGet<DemoConfig>("/demo/config")).data;
  const github = config?.socialProviders.github ?? false;
  const label = (id: string) =>
    id === "credential" ? "Email and password" : id === "github" ? "GitHub" : id;
  return (
    <Card title="Linked accounts" description="The ways you can sign in.">
      {accounts.loading ? (
        <Loading what="linked accounts" />
      ) : accounts.error ? (
        <ErrorNote error={accounts.error} />
      ) : (
        <ul className="list">
          {accounts.data?.map((a) => (
            <li key={a.id}>
              <div>
                <strong>{label(a.providerId)}</strong>
                <div className="muted small">Added {when(a.createdAt)}</div>
              </div>
              <ActionButton
                label={`Unlink ${label(a.providerId)}`}
                action={() => authClient.unlinkAccount({ providerId: a.providerId, accountId: a.accountId })}
                onDone={() => void accounts.reload()}
              >
                Unlink
              </ActionButton>
            </li>
          ))}
        </ul>
      )}
      <p>
        <button
          type="button"
          className="secondary"
          disabled={!github}
          aria-describedby="link-github-state"
          onClick={() => void authClient.linkSocial({ provider: "github", callbackURL: "/account" })}
        >
          Link GitHub
        </button>{" "}
        <span id="link-github-state" className="hint">
          {github ? "" : "GitHub is not configured for this demo."}
        </span>
      </p>
    </Card>
  );
}

export function AccountPage() {
  usePageTitle("Account");
  const { data } = authClient.useSession();
  const { search } = useLocation();
  if (!data) return <Loading what="your account" />;
  const user = data.user as typeof data.user & { username?: string | null };
  return (
    <>
      <div className="page-head">
        <h1 tabIndex={-1}>Account</h1>
      </div>
      {search.get("verified") && user.emailVerified && (
        <p className="alert success" role="status">
          Your email address is verified.
        </p>
      )}
      <div className="grid two">
        <Card title="Profile" description="Your name and username, shown to your teams.">
          <Form
            id="profile"
            submit="Save profile"
            success="Profile saved."
            action={(v) => authClient.updateUser({ name: v.name, username: v.username || undefined })}
          >
            <Field label="Name" name="name" defaultValue={user.name} autoComplete="name" required />
            <Field
              label="Username"
              name="username"
              defaultValue={user.username ?? ""}
              autoComplete="username"
            />
          </Form>
        </Card>
        <Card
          title="Email"
          description={
            <>
              {user.email}{" "}
              {user.emailVerified ? (
                <Badge tone="good">Verified</Badge>
              ) : (
                <Badge tone="warn">Not verified</Badge>
              )}
            </>
          }
        >
          {!user.emailVerified && (
            <p>
              <ActionButton
                action={() =>
                  authClient.sendVerificationEmail({ email: user.email, callbackURL: "/account?verified=1" })
                }
              >
                Send the verification mail again
              </ActionButton>
            </p>
          )}
          <Form
            id="change-email"
            submit="Change email"
            success="Check the mailbox of your current address to confirm the change."
            action={(v) => authClient.changeEmail({ newEmail: v.newEmail, callbackURL: "/account" })}
          >
            <Field label="New email" name="newEmail" type="email" autoComplete="email" required />
          </Form>
        </Card>
        <Card title="Password" description="Other sessions can be signed out at the same time.">
          <Form
            id="change-password"
            submit="Change password"
            success="Password changed."
            action={(v) =>
              authClient.changePassword({
                currentPassword: v.currentPassword,
                newPassword: v.newPassword,
                revokeOtherSessions: v.revokeOtherSessions === "on",
              })
            }
          >
            <Field
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
            />
            <Field
              label="New password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              hint="At least 8 characters."
              required
            />
            <label className="check">
              <input type="checkbox" name="revokeOtherSessions" /> Sign out my other sessions
            </label>
          </Form>
        </Card>
        <LinkedAccounts />
      </div>
      <Sessions currentId={data.session.id} />
      <Card
        title="Delete account"
        description="This removes your account, sessions and memberships. It cannot be undone."
      >
        <Form
          id="delete-account"
          submit="Delete my account"
          danger
          action={(v) => authClient.deleteUser({ password: v.password })}
          onSuccess={() => navigate("/?deleted=1")}
        >
          <Field
            label="Password to confirm"
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
        </Form>
      </Card>
    </>
  );
}
