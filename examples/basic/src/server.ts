import { startExampleServer } from "./app-server";

const port = Number(process.env.PORT ?? 3000);
const baseURL = process.env.GATEHOUSE_URL ?? `http://localhost:${port}`;
const dataDir = process.env.GATEHOUSE_DATA_DIR ?? ".data";

const app = await startExampleServer({ port, baseURL, dataDir });
console.log(`Gatehouse example listening on ${baseURL} (auth at ${baseURL}/api/auth)`);

const stop = () => void app.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
