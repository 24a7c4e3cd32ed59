import { createServer } from "node:http";
import { migrate } from "@gatehouse/core";
import { toNodeHandler } from "@gatehouse/core/node";
import { createExampleAuth } from "./auth";
import { homePage } from "./home";

const port = Number(process.env.PORT ?? 3000);
const baseURL = process.env.GATEHOUSE_URL ?? `http://localhost:${port}`;
const dataDir = process.env.GATEHOUSE_DATA_DIR ?? ".data";

const { auth } = createExampleAuth({ dataDir, baseURL });
const plan = await migrate(auth);
if (plan.steps.length > 0)
  console.log(`Applied ${plan.steps.length} migration steps to the embedded database.`);

const authHandler = toNodeHandler(auth);
const server = createServer((req, res) => {
  if (req.url?.startsWith(auth.$context.basePath)) return void authHandler(req, res);
  if (req.url === "/" || req.url?.startsWith("/?")) {
    res.setHeader("content-type", "text/html; charset=utf-8");
    return void res.end(homePage(auth.$context.basePath));
  }
  res.statusCode = 404;
  res.end("Not found");
});

server.listen(port, () => {
  console.log(`Gatehouse example listening on ${baseURL} (auth at ${baseURL}${auth.$context.basePath})`);
});

const stop = () => server.close(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
