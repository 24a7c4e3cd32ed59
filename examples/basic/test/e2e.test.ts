import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The README's demo in a real headless Chromium: the example server runs as its own process (the
 * `pnpm start` command line, on a free port and an in-memory PGlite), the browser signs up, sees
 * the session, reloads, signs out and signs in again.
 */
const executablePath = process.env.GATEHOUSE_CHROMIUM_PATH ?? "/usr/bin/chromium";
const hasBrowser = existsSync(executablePath);
const requireBrowser = process.env.GATEHOUSE_REQUIRE_BROWSER === "1";
if (!hasBrowser && !requireBrowser) {
  console.warn(
    `[e2e] skipped: no Chromium at ${executablePath}. Install it (apt-get install -y chromium) or set ` +
      "GATEHOUSE_CHROMIUM_PATH; GATEHOUSE_REQUIRE_BROWSER=1 turns this skip into a failure.",
  );
}

const exampleRoot = fileURLToPath(new URL("..", import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Starts `src/server.ts` the way `pnpm start` does and waits for its "listening" line. */
async function startServer(port: number): Promise<{ child: ChildProcess; url: string }> {
  const url = `http://localhost:${port}`;
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=gatehouse-source", "src/server.ts"],
    {
      cwd: exampleRoot,
      env: { ...process.env, PORT: String(port), GATEHOUSE_URL: url, GATEHOUSE_DATA_DIR: "memory://" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("listening on")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`example server exited (${code}):\n${output}`)));
  });
  return { child, url };
}

describe.skipIf(!hasBrowser && !requireBrowser)("examples/basic in headless Chromium", () => {
  let server: { child: ChildProcess; url: string } | undefined;
  let context: BrowserContext | undefined;
  let userDataDir: string | undefined;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    if (!hasBrowser)
      throw new Error(`GATEHOUSE_REQUIRE_BROWSER=1 but there is no Chromium at ${executablePath}`);
    server = await startServer(await freePort());
    userDataDir = await mkdtemp(join(tmpdir(), "gatehouse-e2e-"));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
  });

  afterAll(async () => {
    await context?.close();
    if (server?.child.exitCode === null) {
      const exited = new Promise((resolve) => server?.child.once("exit", resolve));
      server.child.kill("SIGTERM");
      await exited;
    }
    if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
  });

  const sessionText = (page: Page, text: string) =>
    page.getByTestId("session").filter({ hasText: text }).waitFor({ timeout: 20_000 });

  it("signs up, shows the session, keeps it across a reload, signs out and in again", async () => {
    const page = await context!.newPage();
    page.on("pageerror", (error) => pageErrors.push(error.message));
    const email = `e2e-${Date.now()}@example.com`;
    const password = "correct-horse-battery";

    await page.goto(server!.url);
    await sessionText(page, "Signed out");

    const signUp = page.locator("form#sign-up");
    await signUp.getByLabel("Name").fill("Ada Lovelace");
    await signUp.getByLabel("Email").fill(email);
    await signUp.getByLabel("Password").fill(password);
    await signUp.getByRole("button", { name: "Sign up" }).click();
    await sessionText(page, `Signed in as ${email}`);

    await page.reload();
    await sessionText(page, `Signed in as ${email}`);

    await page.getByRole("button", { name: "Sign out" }).click();
    await sessionText(page, "Signed out");

    const signIn = page.locator("form#sign-in");
    await signIn.getByLabel("Email").fill(email);
    await signIn.getByLabel("Password").fill("not-the-password");
    await signIn.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();

    await signIn.getByLabel("Password").fill(password);
    await signIn.getByRole("button", { name: "Sign in" }).click();
    await sessionText(page, `Signed in as ${email}`);

    expect(pageErrors).toEqual([]);
  });

  it("buys on Gatehouse's hosted checkout page: a decline is announced, 3-D Secure approved, order listed", async () => {
    const page = await context!.newPage();
    page.on("pageerror", (error) => pageErrors.push(error.message));
    const email = `buyer-${Date.now()}@example.com`;
    await context!.clearCookies(); // a new visitor: the first test's session stays behind
    await page.goto(server!.url);
    const signUp = page.locator("form#sign-up");
    await signUp.getByLabel("Name").fill("Grace Hopper");
    await signUp.getByLabel("Email").fill(email);
    await signUp.getByLabel("Password").fill("correct-horse-battery");
    await signUp.getByRole("button", { name: "Sign up" }).click();
    await sessionText(page, `Signed in as ${email}`);

    await page.getByRole("button", { name: /Buy the e-book/ }).click();
    await page.waitForURL(/\/api\/auth\/checkout\/gh_cs_/, { timeout: 20_000 });
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    await page.getByLabel(/Country/).fill("US");
    await page.getByLabel("Address", { exact: true }).fill("1 Main St");
    await page.getByLabel("City").fill("Springfield");
    await page.getByLabel("Postal code").fill("62701");
    await page.getByLabel(/State/).fill("US-IL");

    // A declined card: the error is announced and the buyer can retry.
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay $25.00" }).click();
    await page.getByRole("status").filter({ hasText: "Your card was declined" }).waitFor({ timeout: 20_000 });

    // 3-D Secure: the bank's dialog (test processor), approved.
    await page.getByLabel("Card number").fill("4000 0025 0000 3155");
    await page.getByRole("button", { name: "Pay $25.00" }).click();
    await page.getByRole("button", { name: "Complete authentication" }).click({ timeout: 20_000 });

    await page.waitForURL(/\/\?checkout=/, { timeout: 20_000 });
    await page
      .getByTestId("orders")
      .filter({ hasText: "The Gatehouse handbook" })
      .waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("orders").textContent()).toContain("$25.00 (paid");
    expect(pageErrors).toEqual([]);
  });
});
