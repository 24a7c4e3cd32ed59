import { randomUUID } from "node:crypto";

/** One captured mail: what a real app would hand to its mailer. */
export interface Mail {
  id: string;
  kind: "verification" | "reset" | "invitation" | "change-email" | "delete-account";
  to: string;
  subject: string;
  text: string;
  url: string;
  sentAt: string;
}

/**
 * The development mailbox: the demo sends no mail; it keeps every message in memory (newest first)
 * and prints it, and the page lists them at /mailbox. Never do this in production: the links are
 * credentials.
 */
export function createMailbox(limit = 200) {
  const mails: Mail[] = [];
  return {
    send(mail: Omit<Mail, "id" | "sentAt">): void {
      mails.unshift({ ...mail, id: randomUUID(), sentAt: new Date().toISOString() });
      mails.length = Math.min(mails.length, limit);
      console.log(`[mail] ${mail.subject} -> ${mail.to}: ${mail.url}`);
    },
    list: (): readonly Mail[] => mails,
  };
}

export type Mailbox = ReturnType<typeof createMailbox>;
