/**
 * An error answer: the HTTP status and status text plus every field of the parsed body (`code`,
 * `message`, `issues`, ...). A failed fetch gives `status: 0` and `code: "NETWORK_ERROR"`.
 */
export interface ClientError {
  status: number;
  statusText: string;
  code?: string;
  message?: string;
  issues?: readonly { readonly path: readonly (string | number)[]; readonly message: string }[];
  [field: string]: unknown;
}

/** What every client call resolves to; calls never throw. */
export type ClientResult<T> = { data: T; error: null } | { data: null; error: ClientError };

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Payload Too Large",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export function syntheticError(statusText: string, code: string, message: string): ClientError {
  return { status: 0, statusText, code, message };
}

export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}

export function toClientError(response: Response, parsed: unknown): ClientError {
  const fields = parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : {};
  // HTTP/2 has no reason phrase, and better-call answers errors with the bare number ("400").
  const given = response.statusText === String(response.status) ? "" : response.statusText;
  const statusText = given || STATUS_TEXT[response.status] || "Error";
  const text = typeof parsed === "string" && parsed !== "" ? parsed : undefined;
  return { message: text ?? statusText, ...fields, status: response.status, statusText };
}
