import { startExampleServer } from "./app-server";

const port = Number(process.env.PORT ?? 3000);
const baseURL = process.env.GATEHOUSE_URL ?? `http://localhost:${port}`;
const dataDir = process.env.GATEHOUSE_DATA_DIR ?? ".data";

const app = await startExampleServer({ port, baseURL, dataDir });
console.log(`Gatehouse example listening on ${baseURL} (auth at ${baseURL}/api/auth)`);
console.log(
  "Demo accounts: admin@example.com, ada@example.com, grace@example.com (password demo-password-123).",
);
console.log("Press Ctrl-C to stop.");

// Ctrl-C (or a service manager's SIGTERM): close the server and the database, exit 0. A second
// Ctrl-C while closing exits at once.
let stopping = false;
const stop = () => {
  if (stopping) process.exit(0);
  stopping = true;
  console.log("\nStopping the demo…");
  void app.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
