import { defineClientPlugin } from "@gatehouse-js/core/client";
import { createTestAuth, createTestFetch } from "@gatehouse-js/core/testing";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { useRef } from "react";
import { afterEach, describe, expect, expectTypeOf, it } from "vitest";
import { createAuthClient, type ReactAuthClient } from "../src";

afterEach(() => cleanup());

const BASE_URL = "http://localhost:3000";
const PASSWORD = "correct-horse-battery";
let channels = 0;

/** A sessions store from a client plugin: its hook (`useSessions`) is derived from its name. */
const sessionsClient = () =>
  defineClientPlugin({
    id: "sessions-view",
    atoms: (ctx) => ({
      $sessions: ctx.query(() => ctx.$fetch<{ id: string }[]>("/list-sessions"), ["session"]),
    }),
  });

/** A real auth instance; its clients share one cookie jar and one channel, like tabs of a browser. */
async function setup() {
  const { auth } = createTestAuth({
    user: { additionalFields: { plan: { type: "string", required: false } } },
  });
  const email = `react-${Math.random().toString(36).slice(2)}@example.com`;
  await auth.api.signUpEmail({ body: { name: "Grace", email, password: PASSWORD, plan: "pro" } });
  const { fetch } = createTestFetch(auth, { jar: new Map() });
  const broadcastChannel = `gatehouse-react-${++channels}`;
  const newClient = () =>
    createAuthClient<typeof auth>({ baseURL: BASE_URL, fetchOptions: { fetch }, broadcastChannel });
  return { auth, email, newClient };
}

type Client = ReactAuthClient<Awaited<ReturnType<typeof setup>>["auth"], []>;

/** Renders the session state and records each distinct state it shows. */
function SessionView({ client, label, history }: { client: Client; label: string; history?: string[] }) {
  const { data, isPending, error } = client.useSession();
  const text = isPending
    ? "pending"
    : error
      ? `error ${error.status}`
      : data
        ? `in:${data.user.email}`
        : "out";
  const last = useRef("");
  if (history && last.current !== text) {
    last.current = text;
    history.push(text);
  }
  return <p data-testid={label}>{text}</p>;
}

/** Additional user fields are typed on `useSession().data.user`. */
function Plan({ client }: { client: Client }) {
  const { data } = client.useSession();
  expectTypeOf(data?.user.plan).toEqualTypeOf<string | null | undefined>();
  expectTypeOf(data?.user.createdAt).toEqualTypeOf<Date | undefined>();
  return (
    <p data-testid="plan">{data ? `${data.user.plan}:${data.user.createdAt.getFullYear() > 2000}` : ""}</p>
  );
}

type SessionsClient = ReactAuthClient<
  Awaited<ReturnType<typeof setup>>["auth"],
  [ReturnType<typeof sessionsClient>]
>;

function Sessions({ client }: { client: SessionsClient }) {
  const { data, error } = client.useSessions();
  return <p data-testid="sessions">{error ? `error ${error.status}` : `${data?.length ?? "-"}`}</p>;
}

describe("useSession", () => {
  it("goes pending -> signed out -> signed in -> signed out across signIn and signOut", async () => {
    const { email, newClient } = await setup();
    const client = newClient();
    const history: string[] = [];
    render(<SessionView client={client} label="tab" history={history} />);
    expect(screen.getByTestId("tab").textContent).toBe("pending");
    await waitFor(() => expect(screen.getByTestId("tab").textContent).toBe("out"));

    await act(async () => {
      const { error } = await client.signIn.email({ email, password: PASSWORD });
      expect(error).toBeNull();
    });
    await waitFor(() => expect(screen.getByTestId("tab").textContent).toBe(`in:${email}`));

    await act(async () => {
      await client.signOut();
    });
    await waitFor(() => expect(screen.getByTestId("tab").textContent).toBe("out"));
    expect(history).toEqual(["pending", "out", `in:${email}`, "out"]);
  });

  it("starts signed in when the cookie is already there", async () => {
    const { email, newClient } = await setup();
    const client = newClient();
    await client.signIn.email({ email, password: PASSWORD });
    const history: string[] = [];
    render(<SessionView client={newClient()} label="tab" history={history} />);
    await waitFor(() => expect(screen.getByTestId("tab").textContent).toBe(`in:${email}`));
    expect(history).toEqual(["pending", `in:${email}`]);
  });

  it("refreshes the other client's hook through the shared BroadcastChannel", async () => {
    const { email, newClient } = await setup();
    const tabA = newClient();
    const tabB = newClient();
    render(<SessionView client={tabB} label="b" />);
    await waitFor(() => expect(screen.getByTestId("b").textContent).toBe("out"));

    // Tab A is not rendered: only the channel can tell tab B.
    await act(async () => {
      await tabA.signIn.email({ email, password: PASSWORD });
    });
    await waitFor(() => expect(screen.getByTestId("b").textContent).toBe(`in:${email}`));
    await act(async () => {
      await tabA.signOut();
    });
    await waitFor(() => expect(screen.getByTestId("b").textContent).toBe("out"));
  });

  it("types additional user fields on useSession().data.user", async () => {
    const { email, newClient } = await setup();
    const client = newClient();
    await client.signIn.email({ email, password: PASSWORD });
    render(<Plan client={client} />);
    await waitFor(() => expect(screen.getByTestId("plan").textContent).toBe("pro:true"));
  });
});

describe("plugin store hooks", () => {
  it("derives use<Name> from each $<name> store and refreshes it on invalidation", async () => {
    const { auth, email } = await setup();
    const { fetch } = createTestFetch(auth);
    const client = createAuthClient<typeof auth, [ReturnType<typeof sessionsClient>]>({
      baseURL: BASE_URL,
      fetchOptions: { fetch },
      plugins: [sessionsClient()],
    });
    expectTypeOf(client.useSessions).returns.toHaveProperty("data");
    // @ts-expect-error no such store, no such hook
    void client.useNothing;
    render(<Sessions client={client} />);
    await waitFor(() => expect(screen.getByTestId("sessions").textContent).toBe("error 401"));
    await act(async () => {
      await client.signIn.email({ email, password: PASSWORD });
    });
    // The sign-up in setup() opened one session, this sign-in the second.
    await waitFor(() => expect(screen.getByTestId("sessions").textContent).toBe("2"));
  });
});
