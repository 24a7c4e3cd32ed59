import { signWebhook } from "../../../plugin";

/** Stored with each attempt: the first 2048 characters of the response (or of the error). */
export const RESPONSE_LOG_LIMIT = 2048;

export interface SendInput {
  readonly fetch: typeof fetch;
  readonly url: string;
  readonly secret: string;
  /** The outbox row id: the `webhook-id`, the same on every attempt. */
  readonly id: string;
  /** The stored payload, sent byte for byte. */
  readonly payload: string;
  /** Unix seconds of this attempt (the injected clock). */
  readonly timestamp: number;
  readonly timeoutMs: number;
}

export interface SendResult {
  readonly succeeded: boolean;
  readonly httpCode: number | null;
  readonly response: string | null;
  readonly error: string | null;
  readonly durationMs: number;
}

/** Reads at most `limit` characters of a body, then lets the rest go. */
async function readHead(response: Response, limit: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    while (text.length < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  return text.slice(0, limit);
}

const messageOf = (error: unknown, timeoutMs: number, signal: AbortSignal) =>
  signal.aborted
    ? `Timed out after ${timeoutMs} ms`
    : error instanceof Error
      ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ""}`
      : String(error);

/**
 * One delivery attempt: a signed POST of the stored bytes, bounded by `timeoutMs` (headers and
 * body). Success is a 2xx; any other status, a network error or the timeout is a failure.
 * Redirects are not followed (a 3xx is a failure, as at Polar).
 */
export async function sendWebhook(input: SendInput): Promise<SendResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), input.timeoutMs);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const signature = await signWebhook(input);
    const response = await input.fetch(input.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "gatehouse-webhooks",
        "webhook-id": input.id,
        "webhook-timestamp": String(input.timestamp),
        "webhook-signature": signature,
      },
      body: input.payload,
      redirect: "manual",
      signal: controller.signal,
    });
    const text = await readHead(response, RESPONSE_LOG_LIMIT);
    const succeeded = response.status >= 200 && response.status < 300;
    return {
      succeeded,
      httpCode: response.status,
      response: text,
      error: succeeded ? null : `HTTP ${response.status}`,
      durationMs: elapsed(),
    };
  } catch (error) {
    const message = messageOf(error, input.timeoutMs, controller.signal).slice(0, RESPONSE_LOG_LIMIT);
    return { succeeded: false, httpCode: null, response: message, error: message, durationMs: elapsed() };
  } finally {
    clearTimeout(timer);
  }
}
