import { Link, useLocation, usePageTitle } from "../router";

export function NotFoundPage() {
  usePageTitle("Page not found");
  const { pathname } = useLocation();
  return (
    <section className="center">
      <p className="code" aria-hidden="true">
        404
      </p>
      <h1 tabIndex={-1}>Page not found</h1>
      <p className="muted">
        Nothing lives at <code>{pathname}</code>.
      </p>
      <Link href="/" className="button primary">
        Back to the start
      </Link>
    </section>
  );
}
