import { usePageTitle } from "../router";
import { Badge, Card, Empty, ErrorNote, Loading, when } from "../ui";
import { demoGet, useLoad } from "../use-load";

interface Mail {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  url: string;
  sentAt: string;
}

const KIND_LABEL: Record<string, string> = {
  verification: "Verification",
  reset: "Password reset",
  invitation: "Invitation",
  "change-email": "Email change",
  "delete-account": "Account deletion",
};

/** Every mail the demo "sent", newest first: a real app hands these to its mailer. */
export function MailboxPage() {
  usePageTitle("Mailbox");
  const mails = useLoad(() => demoGet<Mail[]>("/demo/mailbox"));
  return (
    <>
      <div className="page-head">
        <h1 tabIndex={-1}>Development mailbox</h1>
        <button type="button" className="secondary" onClick={() => void mails.reload()}>
          Refresh
        </button>
      </div>
      <p className="muted">
        The demo sends no real mail. Verification, password reset, email change and invitation mails land
        here; their links work like the real thing.
      </p>
      <Card title="Messages">
        {mails.loading ? (
          <Loading what="messages" />
        ) : mails.error ? (
          <ErrorNote error={mails.error} />
        ) : mails.data?.length === 0 ? (
          <Empty>No mail yet. Sign up, ask for a password reset or invite someone.</Empty>
        ) : (
          <ul className="mail-list" data-testid="mails">
            {mails.data?.map((m) => (
              <li key={m.id} className="mail">
                <div className="mail-head">
                  <Badge>{KIND_LABEL[m.kind] ?? m.kind}</Badge>
                  <strong>{m.subject}</strong>
                  <span className="muted">to {m.to}</span>
                  <span className="muted right">{when(m.sentAt)}</span>
                </div>
                <p>{m.text}</p>
                <a className="button primary small" href={m.url}>
                  {m.kind === "invitation"
                    ? "View the invitation"
                    : m.kind === "reset"
                      ? "Reset the password"
                      : "Confirm"}
                </a>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
