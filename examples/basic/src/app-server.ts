import { createServer, type Server } from "node:http";
import { migrate } from "@gatehouse-js/core";
import { toNodeHandler } from "@gatehouse-js/core/node";
import { createExampleAuth, type ExampleConfig } from "./auth";
import { createDemoApi } from "./demo/api";
import { seedDemo } from "./demo/seed";
import { buildWeb, serveWeb } from "./web-build";

export interface ExampleServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/**
 * The whole demo: builds the React app, migrates and seeds the embedded database, then serves the
 * app (every unknown GET path answers index.html: the app routes in the browser), the demo's small
 * API under /demo and the auth handler under its base path.
 */
export async function startExampleServer(config: ExampleConfig & { port: number }): Promise<ExampleServer> {
  const { auth, pglite, mailbox } = createExampleAuth(config);
  // The app build and the database start are independent: run them side by side.
  const [outDir, plan] = await Promise.all([buildWeb(), migrate(auth)]);
  if (plan.steps.length > 0)
    console.log(`Applied ${plan.steps.length} migration steps to the embedded database.`);
  const { storeId } = await seedDemo(auth, config.baseURL);
  const demoApi = createDemoApi({ auth, mailbox, storeId });

  const authHandler = toNodeHandler(auth);
  const basePath = auth.$context.basePath;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === basePath || url.pathname.startsWith(`${basePath}/`))
      return void authHandler(req, res);
    try {
      if (await demoApi(req, res, url.pathname)) return;
    } catch (error) {
      console.error(error);
      res.statusCode = 500;
      return void res.end("Internal error");
    }
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
