import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { createAuth } from "@gatehouse/core";
import { pgliteAdapter } from "@gatehouse/core/adapters/kysely";
import { billing } from "@gatehouse/core/plugins/billing";
import { storeProducts } from "./catalog";

export interface ExampleConfig {
  /** Folder for the embedded PostgreSQL data (PGlite); "memory://" keeps it in memory. */
  dataDir: string;
  baseURL: string;
}

/** The demo's secret: GATEHOUSE_SECRET, or one generated on first start and kept in the data folder. */
function loadSecret(dataDir: string): string {
  if (process.env.GATEHOUSE_SECRET) return process.env.GATEHOUSE_SECRET;
  if (dataDir.startsWith("memory://")) return randomBytes(32).toString("hex");
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "secret");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

export function createExampleAuth(config: ExampleConfig) {
  const pglite = new PGlite(config.dataDir.startsWith("memory://") ? undefined : join(config.dataDir, "pg"));
  const outbox: { to: string; subject: string; url: string }[] = [];
  const auth = createAuth({
    appName: "Gatehouse example",
    baseURL: config.baseURL,
    secret: loadSecret(config.dataDir),
    database: pgliteAdapter(pglite),
    emailAndPassword: {
      enabled: true,
      // A real app sends these with its mailer; the demo prints them and keeps them for the page.
      sendResetPassword: ({ user, url }) => {
        outbox.push({ to: user.email, subject: "Reset your password", url });
        console.log(`[mail] reset password for ${user.email}: ${url}`);
      },
    },
    emailVerification: {
      sendVerificationEmail: ({ user, url }) => {
        outbox.push({ to: user.email, subject: "Verify your email", url });
        console.log(`[mail] verify ${user.email}: ${url}`);
      },
    },
    session: { cookieCache: { enabled: true } },
    user: { changeEmail: { enabled: true }, deleteUser: { enabled: true } },
    plugins: [
      // The offline test processor: card 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.
      billing({
        createCustomerOnSignUp: true,
        products: () => storeProducts,
        successUrl: "/?checkout={CHECKOUT_ID}",
        runInterval: 10_000,
      }),
    ],
  });
  return { auth, pglite, outbox };
}

/** The server type the browser client is typed from. */
export type ExampleAuth = ReturnType<typeof createExampleAuth>["auth"];
