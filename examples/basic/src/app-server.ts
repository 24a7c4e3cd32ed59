import { createServer, type Server } from "node:http";
import { migrate } from "@gatehouse/core";
import { toNodeHandler } from "@gatehouse/core/node";
import { createExampleAuth, type ExampleConfig } from "./auth";
import { seedCatalog } from "./catalog";
import { buildWeb, serveWeb } from "./web-build";

export interface ExampleServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/**
 * The whole demo: builds the React page, migrates the embedded database, then serves the page at
 * "/" and the auth handler under its base path.
 */
export async function startExampleServer(config: ExampleConfig & { port: number }): Promise<ExampleServer> {
  const { auth, pglite } = createExampleAuth(config);
  // The page build and the database start are independent: run them side by side.
  const [outDir, plan] = await Promise.all([buildWeb(), migrate(auth)]);
  if (plan.steps.length > 0)
    console.log(`Applied ${plan.steps.length} migration steps to the embedded database.`);
  await seedCatalog(auth);

  const authHandler = toNodeHandler(auth);
  const basePath = auth.$context.basePath;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === basePath || url.pathname.startsWith(`${basePath}/`))
      return void authHandler(req, res);
    if (req.method === "GET" && (await serveWeb(outDir, url.pathname, res))) return;
    res.statusCode = 404;
    res.end("Not found");
  });
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  return {
    server,
    url: config.baseURL,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => void pglite.close().finally(resolve));
        server.closeAllConnections();
      }),
  };
}
