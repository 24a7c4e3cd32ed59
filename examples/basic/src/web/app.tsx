import { type FormEvent, useState } from "react";
import { authClient } from "./auth-client";
import { Store } from "./store";

const field = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? "");

function SessionPanel() {
  const { data, isPending, error } = authClient.useSession();
  if (isPending) return <p>Loading the session…</p>;
  if (error) return <p role="alert">Could not load the session: {error.message}</p>;
  if (!data) return <p>Signed out</p>;
  return (
    <>
      <p>
        Signed in as <strong>{data.user.email}</strong> ({data.user.name}), session valid until{" "}
        {data.session.expiresAt.toLocaleString()}.
      </p>
      <button type="button" onClick={() => void authClient.signOut()}>
        Sign out
      </button>
    </>
  );
}

export function App() {
  const { data } = authClient.useSession();
  const [problem, setProblem] = useState<string | null>(null);

  async function signUp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { error } = await authClient.signUp.email({
      name: field(form, "name"),
      email: field(form, "email"),
      password: field(form, "password"),
    });
    setProblem(error ? (error.message ?? error.statusText) : null);
  }

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { error } = await authClient.signIn.email({
      email: field(form, "email"),
      password: field(form, "password"),
    });
    setProblem(error ? (error.message ?? error.statusText) : null);
  }

  return (
    <main>
      <h1>Gatehouse example</h1>
      <p>
        A React page on <code>@gatehouse/react</code>; the auth handler lives under <code>/api/auth</code>.
      </p>
      <section aria-label="Session" data-testid="session" aria-live="polite">
        <SessionPanel />
      </section>
      {problem && <p role="alert">{problem}</p>}
      {!data && (
        <>
          <form id="sign-up" onSubmit={(e) => void signUp(e)}>
            <h2>Sign up</h2>
            <label>
              Name <input name="name" required />
            </label>
            <label>
              Email <input name="email" type="email" required />
            </label>
            <label>
              Password <input name="password" type="password" minLength={8} required />
            </label>
            <button type="submit">Sign up</button>
          </form>
          <form id="sign-in" onSubmit={(e) => void signIn(e)}>
            <h2>Sign in</h2>
            <label>
              Email <input name="email" type="email" required />
            </label>
            <label>
              Password <input name="password" type="password" required />
            </label>
            <button type="submit">Sign in</button>
          </form>
        </>
      )}
      {data && <Store />}
      {data && (
        <details>
          <summary>Session data</summary>
          <pre>{JSON.stringify(data, null, 2)}</pre>
        </details>
      )}
    </main>
  );
}
