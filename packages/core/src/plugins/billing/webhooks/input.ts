import { BILLING_EVENT_TYPES, type BillingEventType } from "../../../plugin";
import { validationFailed } from "../errors";

export interface WebhookEndpointInput {
  /** http(s) URL the events are POSTed to. */
  readonly url: string;
  /** Event types to receive; empty or absent = every type. */
  readonly events?: readonly string[];
  /** `whsec_` + base64 of at least 24 bytes; absent = a generated one. */
  readonly secret?: string;
}

export interface WebhookEndpointPatch {
  readonly url?: string;
  readonly events?: readonly string[];
  /** Re-enable an endpoint disabled after failures (or pause one). */
  readonly enabled?: boolean;
}

export interface PageInput {
  readonly page?: number;
  readonly limit?: number;
}

export function checkUrl(url: string): string {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (!parsed || (parsed.protocol !== "https:" && parsed.protocol !== "http:") || !parsed.hostname)
    throw validationFailed([{ path: ["url"], message: "URL must be an http or https URL." }]);
  return parsed.href;
}

export function checkEvents(events: readonly string[]): BillingEventType[] {
  const known = new Set<string>(BILLING_EVENT_TYPES);
  const unknown = events.findIndex((e) => !known.has(e));
  if (unknown >= 0)
    throw validationFailed([
      { path: ["events", unknown], message: `Unknown event type: ${events[unknown]}` },
    ]);
  return [...new Set(events)] as BillingEventType[];
}

export const windowOf = (p: PageInput) => {
  const page = p.page ?? 1;
  const limit = p.limit ?? 10;
  return { page, limit, offset: (page - 1) * limit };
};
