import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { createAuth } from "@gatehouse-js/core";
import { pgliteAdapter } from "@gatehouse-js/core/adapters/kysely";
import { admin } from "@gatehouse-js/core/plugins/admin";
import { billing } from "@gatehouse-js/core/plugins/billing";
import { type InvitationEmail, organization } from "@gatehouse-js/core/plugins/organization";
import { username } from "@gatehouse-js/core/plugins/username";
import { storeProducts } from "./catalog";
import { createMailbox } from "./demo/mailbox";

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

/** GitHub sign-in when GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are set; the page shows its state. */
function githubProvider() {
  const clientId = process.env.GITHUB_CLIENT_ID;
  const clientSecret = process.env.GITHUB_CLIENT_SECRET;
  return clientId && clientSecret ? { github: { clientId, clientSecret } } : {};
}

export function createExampleAuth(config: ExampleConfig) {
  const pglite = new PGlite(config.dataDir.startsWith("memory://") ? undefined : join(config.dataDir, "pg"));
  // A real app hands these to its mailer; the demo keeps them for its mailbox page.
  const mailbox = createMailbox();
  const auth = createAuth({
    appName: "Gatehouse demo",
    baseURL: config.baseURL,
    secret: loadSecret(config.dataDir),
    database: pgliteAdapter(pglite),
    emailAndPassword: {
      enabled: true,
      sendResetPassword: ({ user, url }) =>
        mailbox.send({
          kind: "reset",
          to: user.email,
          subject: "Reset your password",
          text: "Someone asked to reset the password of your account. Open the link to choose a new one.",
          url,
        }),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: ({ user, url }) =>
        mailbox.send({
          kind: "verification",
          to: user.email,
          subject: "Verify your email",
          text: "Confirm that this address is yours.",
          url,
        }),
    },
    socialProviders: githubProvider(),
    session: { cookieCache: { enabled: true } },
    user: {
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: ({ user, newEmail, url }) =>
          mailbox.send({
            kind: "change-email",
            to: user.email,
            subject: "Confirm your new email address",
            text: `Confirm the change of your sign-in address to ${newEmail}.`,
            url,
          }),
      },
      deleteUser: { enabled: true },
    },
    plugins: [
      username(),
      organization({
        teams: { enabled: true },
        sendInvitationEmail: ({ id, email, organization: org, inviter, role }: InvitationEmail) =>
          mailbox.send({
            kind: "invitation",
            to: email,
            subject: `Join ${org.name} on Gatehouse demo`,
            text: `${inviter.user.name} invited you to join ${org.name} as ${role}.`,
            url: `${config.baseURL}/organizations?invitation=${encodeURIComponent(id)}`,
          }),
      }),
      admin(),
      // The offline test processor: card 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.
      billing({
        createCustomerOnSignUp: true,
        products: () => storeProducts,
        successUrl: "/checkout/success?checkout={CHECKOUT_ID}",
        // "Back to the store" in the customer portal returns to the demo's billing page.
        portal: { returnUrl: "/billing" },
        runInterval: 5_000,
      }),
    ],
  });
  return { auth, pglite, mailbox };
}

/** The server type the browser client is typed from. */
export type ExampleAuth = ReturnType<typeof createExampleAuth>["auth"];
