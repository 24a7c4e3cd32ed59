import { useState } from "react";
import { authClient } from "../auth-client";
import { Link, navigate, useLocation, usePageTitle } from "../router";
import { Field, Form } from "../ui";
import { type DemoConfig, demoGet, useLoad } from "../use-load";

function after(next: string | null) {
  navigate(next?.startsWith("/") ? next : "/account");
}

function Social({ config }: { config: DemoConfig | null }) {
  const configured = config?.socialProviders.github ?? false;
  return (
    <div className="social">
      <button
        type="button"
        className="secondary wide"
        disabled={!configured}
        aria-describedby="github-state"
        onClick={() => void authClient.signIn.social({ provider: "github", callbackURL: "/account" })}
      >
        Continue with GitHub
      </button>
      <p id="github-state" className="hint">
        {configured
          ? "You will come back here after GitHub."
          : "GitHub is not configured: set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET and restart the demo."}
      </p>
    </div>
  );
}

export function SignInPage({ mode, next: stay }: { mode: "sign-in" | "sign-up"; next?: string }) {
  usePageTitle(mode === "sign-in" ? "Sign in" : "Create an account");
  const { search } = useLocation();
  const next = stay ?? search.get("next");
  const config = useLoad(() => demoGet<DemoConfig>("/demo/config")).data;
  const [withUsername, setWithUsername] = useState(false);
  const [resetSent, setResetSent] = useState(false);

  return (
    <div className="auth-layout">
      <section className="card auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title" tabIndex={-1}>
          {mode === "sign-in" ? "Sign in" : "Create your account"}
        </h1>
        {mode === "sign-in" ? (
          <>
            <fieldset className="tabs">
              <legend className="sr-only">Sign in with</legend>
              <button type="button" aria-pressed={!withUsername} onClick={() => setWithUsername(false)}>
                Email
              </button>
              <button type="button" aria-pressed={withUsername} onClick={() => setWithUsername(true)}>
                Username
              </button>
            </fieldset>
            {withUsername ? (
              <Form
                id="sign-in-username"
                label="Sign in with username"
                submit="Sign in"
                action={(v) => authClient.signIn.username({ username: v.username, password: v.password })}
                onSuccess={() => after(next)}
              >
                <Field label="Username" name="username" autoComplete="username" required />
                <Field
                  label="Password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                />
              </Form>
            ) : (
              <Form
                id="sign-in"
                label="Sign in with email"
                submit="Sign in"
                action={(v) => authClient.signIn.email({ email: v.email, password: v.password })}
                onSuccess={() => after(next)}
              >
                <Field label="Email" name="email" type="email" autoComplete="email" required />
                <Field
                  label="Password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                />
              </Form>
            )}
            <details className="forgot" onToggle={() => setResetSent(false)}>
              <summary>Forgot your password?</summary>
              <Form
                id="forgot"
                label="Reset password"
                submit="Send me a reset link"
                success="If an account exists for this email, a reset link is on its way (see the mailbox)."
                action={(v) =>
                  authClient.requestPasswordReset({ email: v.email, redirectTo: "/reset-password" })
                }
                onSuccess={() => setResetSent(true)}
              >
                <Field
                  label="Email for the reset link"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                />
              </Form>
              {resetSent && (
                <p>
                  <Link href="/mailbox">Open the mailbox</Link>
                </p>
              )}
            </details>
            <p className="muted">
              New here? <Link href="/sign-up">Create an account</Link>
            </p>
          </>
        ) : (
          <>
            <Form
              id="sign-up"
              label="Create an account"
              submit="Create account"
              action={(v) =>
                authClient.signUp.email({
                  name: v.name,
                  email: v.email,
                  password: v.password,
                  ...(v.username ? { username: v.username } : {}),
                  callbackURL: "/account?verified=1",
                })
              }
              onSuccess={() => after(next)}
            >
              <Field label="Name" name="name" autoComplete="name" required />
              <Field label="Email" name="email" type="email" autoComplete="email" required />
              <Field
                label="Username (optional)"
                name="username"
                autoComplete="username"
                hint="3 to 30 letters, digits, dots and underscores."
              />
              <Field
                label="Password"
                name="password"
                type="password"
                autoComplete="new-password"
                hint="At least 8 characters."
                required
              />
            </Form>
            <p className="muted">
              Already have an account? <Link href="/sign-in">Sign in</Link>
            </p>
          </>
        )}
        <div className="divider">
          <span>or</span>
        </div>
        <Social config={config} />
      </section>
      {config && (
        <aside className="card demo-accounts" aria-labelledby="demo-accounts">
          <h2 id="demo-accounts">Demo accounts</h2>
          <p className="muted">
            Seeded on first start. Password for all: <code>{config.demoPassword}</code>
          </p>
          <ul>
            {config.demoUsers.map((u) => (
              <li key={u.email}>
                <strong>{u.name}</strong> <code>{u.email}</code>
              </li>
            ))}
          </ul>
        </aside>
      )}
    </div>
  );
}
