/**
 * One library behind a real node:http server, in its own process (forked by compare-http.ts):
 * `gatehouse` and `better-auth` through their own `toNodeHandler`, with the organization and
 * username plugins; `bare` is a node:http server answering `{"ok":true}` with no library at all
 * (the ceiling for requests without database work). Messages: the parent gets `{ port }` once
 * listening; `"cpu"` answers with this process's CPU time; `"close"` ends it.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { BackendName } from "./backends";
import { createTarget, type Library, type NodeListener } from "./targets";

export type ServerKind = Library | "bare";

export interface ServerSpec {
  readonly kind: ServerKind;
  readonly backend: BackendName;
  readonly cookieCache: boolean;
}

const bare: NodeListener = (_req, res) => {
  res.setHeader("content-type", "application/json");
  res.end('{"ok":true}');
};

async function start(spec: ServerSpec) {
  const target =
    spec.kind === "bare"
      ? null
      : await createTarget({
          library: spec.kind,
          backend: spec.backend,
          cookieCache: spec.cookieCache,
          plugins: true,
        });
  const server = createServer(target ? target.nodeHandler : bare);
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.on("message", async (message: string) => {
    if (message === "cpu") {
      const used = process.cpuUsage();
      process.send!({ cpuNs: (used.user + used.system) * 1000 });
    } else if (message === "close") {
      server.closeAllConnections();
      server.close();
      await target?.close();
      process.exit(0);
    }
  });
  process.send!({ port: (server.address() as AddressInfo).port });
}

process.once("message", (spec: ServerSpec) => {
  start(spec).catch((error: unknown) => {
    process.send!({ error: String(error) });
    process.exit(1);
  });
});
