import { authClient } from "./auth-client";
import { AccountPage } from "./pages/account";
import { AdminPage } from "./pages/admin";
import { BillingPage } from "./pages/billing";
import { HomePage } from "./pages/home";
import { MailboxPage } from "./pages/mailbox";
import { MerchantPage } from "./pages/merchant";
import { NotFoundPage } from "./pages/not-found";
import { OrganizationsPage } from "./pages/organizations";
import { CheckoutSuccessPage, PricingPage } from "./pages/pricing";
import { ResetPasswordPage } from "./pages/reset-password";
import { SignInPage } from "./pages/sign-in";
import { Link, navigate, useLocation } from "./router";
import { Loading } from "./ui";

const isAdmin = (role: unknown) =>
  String(role ?? "")
    .split(",")
    .includes("admin");

function Header() {
  const { data } = authClient.useSession();
  const signedIn = Boolean(data);
  return (
    <header className="topbar">
      <Link href="/" className="brand">
        <span className="logo" aria-hidden="true">
          G
        </span>
        Gatehouse demo
      </Link>
      <nav aria-label="Main">
        <Link href="/pricing">Pricing</Link>
        {signedIn && <Link href="/organizations">Organizations</Link>}
        {signedIn && <Link href="/account">Account</Link>}
        {signedIn && <Link href="/billing">Billing</Link>}
        {signedIn && <Link href="/merchant">Merchant</Link>}
        {signedIn && isAdmin(data?.user.role) && <Link href="/admin">Admin</Link>}
        <Link href="/mailbox">Mailbox</Link>
      </nav>
      <div className="who">
        {data ? (
          <>
            <span className="muted" data-testid="signed-in-as">
              {data.user.name}
            </span>
            <button
              type="button"
              className="secondary"
              onClick={() => void authClient.signOut().then(() => navigate("/sign-in"))}
            >
              Sign out
            </button>
          </>
        ) : (
          <Link href="/sign-in" className="button primary">
            Sign in
          </Link>
        )}
      </div>
    </header>
  );
}

function ImpersonationBanner() {
  const { data } = authClient.useSession();
  if (!data?.session.impersonatedBy) return null;
  return (
    <div className="banner" role="status">
      You are acting as <strong>{data.user.email}</strong>.{" "}
      <button
        type="button"
        className="secondary"
        onClick={() => void authClient.admin.stopImpersonating().then(() => navigate("/admin"))}
      >
        Stop impersonating
      </button>
    </div>
  );
}

/** Pages that need a session ask visitors to sign in first, then show the page they asked for. */
function Protected({ children }: { children: React.ReactNode }) {
  const { data, isPending } = authClient.useSession();
  if (isPending) return <Loading what="your session" />;
  if (!data) return <SignInPage mode="sign-in" next={window.location.pathname + window.location.search} />;
  return <>{children}</>;
}

function Route() {
  const { pathname } = useLocation();
  switch (pathname) {
    case "/":
      return <HomePage />;
    case "/sign-in":
      return <SignInPage mode="sign-in" />;
    case "/sign-up":
      return <SignInPage mode="sign-up" />;
    case "/reset-password":
      return <ResetPasswordPage />;
    case "/mailbox":
      return <MailboxPage />;
    case "/pricing":
      return <PricingPage />;
    case "/checkout/success":
      return <CheckoutSuccessPage />;
    case "/account":
      return (
        <Protected>
          <AccountPage />
        </Protected>
      );
    case "/billing":
      return (
        <Protected>
          <BillingPage />
        </Protected>
      );
    case "/organizations":
      return (
        <Protected>
          <OrganizationsPage />
        </Protected>
      );
    case "/admin":
      return (
        <Protected>
          <AdminPage />
        </Protected>
      );
    case "/merchant":
      return (
        <Protected>
          <MerchantPage />
        </Protected>
      );
    default:
      return <NotFoundPage />;
  }
}

export function App() {
  return (
    <>
      <a className="skip" href="#content">
        Skip to content
      </a>
      <Header />
      <ImpersonationBanner />
      <main id="content">
        <Route />
      </main>
      <footer className="footer muted">
        Gatehouse demo: embedded PostgreSQL (PGlite), test payments, mails kept in the{" "}
        <Link href="/mailbox">development mailbox</Link>.
      </footer>
    </>
  );
}
