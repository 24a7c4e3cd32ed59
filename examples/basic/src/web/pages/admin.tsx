import { useState } from "react";
import { authClient } from "../auth-client";
import { navigate, usePageTitle } from "../router";
import { ActionButton, Badge, Card, Empty, ErrorNote, Loading, when } from "../ui";
import { useLoad } from "../use-load";

interface AdminUser {
  id: string;
  name: string;
  email: string;
  role?: string | null;
  banned?: boolean | null;
  banReason?: string | null;
  createdAt: string | Date;
}

/** Platform administration: users, search, bans and impersonation (admin plugin). */
export function AdminPage() {
  usePageTitle("Admin");
  const { data: session } = authClient.useSession();
  const [search, setSearch] = useState("");
  const users = useLoad(
    () =>
      authClient.admin.listUsers({
        query: {
          limit: 50,
          sortBy: "createdAt",
          sortDirection: "desc",
          ...(search
            ? { searchValue: search, searchField: "email" as const, searchOperator: "contains" as const }
            : {}),
        },
      }) as unknown as Promise<{ data: { users: AdminUser[]; total: number }; error: null }>,
    search,
  );

  return (
    <>
      <div className="page-head">
        <h1 tabIndex={-1}>Admin</h1>
      </div>
      <Card
        title="Users"
        description={users.data ? `${users.data.total} users` : "Everyone with an account."}
        actions={
          // biome-ignore lint/a11y/useSemanticElements: <search> is not in React's element types yet
          <form
            role="search"
            className="search"
            onSubmit={(e) => {
              e.preventDefault();
              setSearch(String(new FormData(e.currentTarget).get("q") ?? "").trim());
            }}
          >
            <label htmlFor="user-search" className="sr-only">
              Search users by email
            </label>
            <input
              id="user-search"
              name="q"
              type="search"
              placeholder="Search by email"
              defaultValue={search}
            />
            <button type="submit" className="secondary">
              Search
            </button>
          </form>
        }
      >
        {users.loading ? (
          <Loading what="users" />
        ) : users.error ? (
          <ErrorNote error={users.error} />
        ) : users.data?.users.length === 0 ? (
          <Empty>No user matches “{search}”.</Empty>
        ) : (
          <table data-testid="users">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Joined</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {users.data?.users.map((u) => {
                const self = u.id === session?.user.id;
                const isAdmin = String(u.role ?? "").includes("admin");
                return (
                  <tr key={u.id}>
                    <td>{u.name}</td>
                    <td>{u.email}</td>
                    <td>
                      <Badge tone={isAdmin ? "warn" : "neutral"}>{u.role ?? "user"}</Badge>
                    </td>
                    <td>{u.banned ? <Badge tone="bad">Banned</Badge> : <Badge tone="good">Active</Badge>}</td>
                    <td>{when(u.createdAt)}</td>
                    <td>
                      <div className="row">
                        {!self &&
                          (u.banned ? (
                            <ActionButton
                              label={`Unban ${u.name}`}
                              action={() => authClient.admin.unbanUser({ userId: u.id })}
                              onDone={() => void users.reload()}
                            >
                              Unban
                            </ActionButton>
                          ) : (
                            <ActionButton
                              tone="danger"
                              label={`Ban ${u.name}`}
                              action={() =>
                                authClient.admin.banUser({
                                  userId: u.id,
                                  banReason: "Banned from the demo admin page",
                                })
                              }
                              onDone={() => void users.reload()}
                            >
                              Ban
                            </ActionButton>
                          ))}
                        {!self && !isAdmin && !u.banned && (
                          <ActionButton
                            label={`Impersonate ${u.name}`}
                            action={() => authClient.admin.impersonateUser({ userId: u.id })}
                            onDone={() => navigate("/account")}
                          >
                            Impersonate
                          </ActionButton>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </Card>
    </>
  );
}
