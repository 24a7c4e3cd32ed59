import { authClient } from "../auth-client";
import { Link, navigate, useLocation, usePageTitle } from "../router";
import { ErrorNote, Field, Form } from "../ui";

/** Where the reset mail's link lands (the server checked the token and added it to the URL). */
export function ResetPasswordPage() {
  usePageTitle("Choose a new password");
  const { search } = useLocation();
  const token = search.get("token");
  const failed = search.get("error");
  return (
    <section className="card narrow" aria-labelledby="reset-title">
      <h1 id="reset-title" tabIndex={-1}>
        Choose a new password
      </h1>
      {failed || !token ? (
        <>
          <ErrorNote error="This reset link is invalid or has expired." />
          <p>
            <Link href="/sign-in">Ask for a new link</Link>
          </p>
        </>
      ) : (
        <Form
          id="reset-password"
          submit="Save the new password"
          action={(v) => authClient.resetPassword({ newPassword: v.newPassword, token })}
          onSuccess={() => navigate("/sign-in?reset=1")}
        >
          <Field
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
            required
          />
        </Form>
      )}
    </section>
  );
}
