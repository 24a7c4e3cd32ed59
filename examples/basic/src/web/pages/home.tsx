import { authClient } from "../auth-client";
import { Link, usePageTitle } from "../router";

const TOURS = [
  { href: "/sign-up", title: "Sign up and sign in", text: "Email and password, username, social sign-in." },
  {
    href: "/mailbox",
    title: "Development mailbox",
    text: "Verification, password reset and invitation mails.",
  },
  {
    href: "/account",
    title: "Your account",
    text: "Profile, sessions, linked accounts, email and password.",
  },
  { href: "/organizations", title: "Organizations", text: "Members, roles, invitations and teams." },
  { href: "/pricing", title: "Pricing and checkout", text: "The hosted checkout page with test cards." },
  {
    href: "/merchant",
    title: "Merchant view",
    text: "Products, orders and webhook deliveries of the store.",
  },
  { href: "/admin", title: "Admin", text: "Users, search, bans and impersonation (sign in as the admin)." },
];

export function HomePage() {
  usePageTitle("Home");
  const { data } = authClient.useSession();
  return (
    <>
      <section className="hero">
        <h1 tabIndex={-1}>
          {data
            ? `Welcome back, ${data.user.name.split(" ")[0]}`
            : "Accounts and billing on your own database"}
        </h1>
        <p className="lead">
          This demo runs Gatehouse with the username, organization, admin and billing plugins on an embedded
          PostgreSQL. Everything you see talks to the real server through the typed React client.
        </p>
        {!data && (
          <p className="row">
            <Link href="/sign-up" className="button primary">
              Create an account
            </Link>
            <Link href="/sign-in" className="button secondary">
              Sign in with a demo account
            </Link>
          </p>
        )}
      </section>
      <ul className="tiles">
        {TOURS.map((t) => (
          <li key={t.href}>
            <Link href={t.href} className="tile">
              <strong>{t.title}</strong>
              <span className="muted">{t.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
