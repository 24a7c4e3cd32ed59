import type { ClientError } from "@gatehouse-js/core/client";
import {
  createContext,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  useContext,
  useId,
  useRef,
  useState,
} from "react";
import { fieldErrorsOf, messageOf } from "./errors";

type Result = { data: unknown; error: ClientError | null };

/** The names the demo's forms use; a missing one reads as "". */
type FieldName =
  | "name"
  | "email"
  | "password"
  | "username"
  | "slug"
  | "role"
  | "newEmail"
  | "newPassword"
  | "currentPassword"
  | "revokeOtherSessions";
export type Values = Readonly<Record<FieldName, string>>;
const FieldErrors = createContext<Record<string, string>>({});

/**
 * A labelled form: submits its values to `action`, shows "Working…" while pending, then either the
 * success note or the error (announced, with each invalid field marked and focused).
 */
export function Form(props: {
  id?: string;
  label?: string;
  submit: string;
  action: (values: Values) => Promise<Result>;
  onSuccess?: (data: unknown) => void;
  success?: string;
  danger?: boolean;
  /** Empty the fields after a success (forms that add things: invitations, teams). */
  resetOnSuccess?: boolean;
  children: ReactNode;
}) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const alertRef = useRef<HTMLParagraphElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const values = new Proxy({} as Values, { get: (_, key) => String(data.get(String(key)) ?? "") });
    setPending(true);
    setDone(false);
    const { data: answer, error } = await props.action(values);
    setPending(false);
    if (error) {
      const byField = fieldErrorsOf(error);
      setFields(byField);
      setProblem(messageOf(error));
      // Focus where the person looks next: the first invalid field, else the message.
      requestAnimationFrame(() => {
        const first = Object.keys(byField)
          .map((name) => form.querySelector<HTMLElement>(`[name="${name}"]`))
          .find(Boolean);
        (first ?? alertRef.current)?.focus();
      });
      return;
    }
    setFields({});
    setProblem(null);
    setDone(true);
    if (props.resetOnSuccess) form.reset();
    props.onSuccess?.(answer);
  }

  return (
    <form
      id={props.id}
      aria-label={props.label}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="form"
    >
      <FieldErrors.Provider value={fields}>{props.children}</FieldErrors.Provider>
      {problem && (
        <p className="alert error" role="alert" tabIndex={-1} ref={alertRef}>
          {problem}
        </p>
      )}
      {done && props.success && (
        <p className="alert success" role="status">
          {props.success}
        </p>
      )}
      <button
        type="submit"
        className={props.danger ? "danger" : "primary"}
        disabled={pending}
        aria-busy={pending}
      >
        {pending ? "Working…" : props.submit}
      </button>
    </form>
  );
}

/** A labelled input with its hint and its inline error (from the surrounding Form). */
export function Field({
  label,
  hint,
  name,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; hint?: string }) {
  const id = useId();
  const error = useContext(FieldErrors)[name];
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...input}
      />
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export function Card(props: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <header className="card-header">
        <div>
          <h2 id={id}>{props.title}</h2>
          {props.description && <p className="muted">{props.description}</p>}
        </div>
        {props.actions}
      </header>
      {props.children}
    </section>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" /> Loading {what}…
    </p>
  );
}

export function ErrorNote({ error }: { error: ClientError | string }) {
  return (
    <p className="alert error" role="alert">
      {typeof error === "string" ? error : messageOf(error)}
    </p>
  );
}

/**
 * A list's states in one place: loading (also while `ready` is false), the error, an empty note,
 * or the rows.
 */
export function Loaded<T>(props: {
  state: { data: T[] | null; error: ClientError | null; loading: boolean };
  what: string;
  empty: ReactNode;
  ready?: boolean;
  children: (rows: T[]) => ReactNode;
}) {
  const { state } = props;
  if (state.loading || props.ready === false) return <Loading what={props.what} />;
  if (state.error) return <ErrorNote error={state.error} />;
  const rows = state.data ?? [];
  return rows.length === 0 ? <Empty>{props.empty}</Empty> : props.children(rows);
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}

export function Badge({
  tone = "neutral",
  children,
}: {
  tone?: "neutral" | "good" | "warn" | "bad";
  children: ReactNode;
}) {
  return <span className={`badge ${tone}`}>{children}</span>;
}

export const money = (amount: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(
    amount / 100,
  );

export const when = (value: string | Date | null | undefined) =>
  value ? new Date(value).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "—";

/** A button that runs a client call and reports its error next to it. */
export function ActionButton(props: {
  children: ReactNode;
  action: () => Promise<Result>;
  onDone?: () => void;
  tone?: "primary" | "secondary" | "danger";
  label?: string;
}) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <span className="action">
      <button
        type="button"
        className={props.tone ?? "secondary"}
        aria-label={props.label}
        disabled={pending}
        aria-busy={pending}
        onClick={async () => {
          setPending(true);
          const { error } = await props.action();
          setPending(false);
          setProblem(error ? messageOf(error) : null);
          if (!error) props.onDone?.();
        }}
      >
        {props.children}
      </button>
      {problem && (
        <span className="field-error" role="alert">
          {problem}
        </span>
      )}
    </span>
  );
}
