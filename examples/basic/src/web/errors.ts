import type { ClientError } from "@gatehouse-js/core/client";

/**
 * What the demo tells people, by the client's typed error code. The server's own message is the
 * fallback: Gatehouse's messages are already written for people, but a few read better in context.
 */
const MESSAGES: Readonly<Record<string, string>> = {
  INVALID_EMAIL_OR_PASSWORD: "That email and password do not match an account.",
  INVALID_USERNAME_OR_PASSWORD: "That username and password do not match an account.",
  USER_ALREADY_EXISTS: "An account with this email already exists. Sign in instead.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "An account with this email already exists. Sign in instead.",
  USERNAME_IS_ALREADY_TAKEN: "This username is taken. Try another one.",
  PASSWORD_TOO_SHORT: "Use at least 8 characters for the password.",
  PASSWORD_TOO_LONG: "This password is too long.",
  EMAIL_NOT_VERIFIED: "Verify your email first: we sent you a link (see the mailbox).",
  SESSION_EXPIRED: "For your safety, sign in again before making this change.",
  SESSION_NOT_FRESH: "For your safety, sign in again before making this change.",
  INVALID_PASSWORD: "The password is not correct.",
  EMAIL_IS_THE_SAME: "That is already your email address.",
  FAILED_TO_UNLINK_LAST_ACCOUNT: "You cannot unlink your only way to sign in.",
  TOO_MANY_REQUESTS: "Too many attempts. Wait a moment and try again.",
  NETWORK_ERROR: "The server could not be reached. Check that the demo is running.",
  BANNED_USER: "This account is banned.",
  YOU_CANNOT_BAN_YOURSELF: "You cannot ban yourself.",
  ORGANIZATION_ALREADY_EXISTS: "An organization with this slug already exists. Pick another slug.",
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: "This person is already a member.",
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: "This person already has a pending invitation.",
  INVALID_TOKEN: "This link is invalid or has expired. Ask for a new one.",
  NOT_ALLOWED: "You are not allowed to do this.",
};

/** A friendly text for an invalid field, whatever zod said. */
function fieldMessage(field: string, message: string): string {
  const lower = message.toLowerCase();
  if (lower.includes("email")) return "Enter a valid email address.";
  if (field === "password" || field === "newPassword") return "Use at least 8 characters.";
  if (lower.includes("too small") || lower.includes("required") || lower.includes("expected string"))
    return "This field is required.";
  if (lower.includes("too big")) return "This is too long.";
  return "Check this field.";
}

export function messageOf(error: ClientError): string {
  const known = error.code ? MESSAGES[error.code] : undefined;
  if (known) return known;
  if (error.code === "INVALID_BODY_PARAMETERS" || error.code === "VALIDATION_ERROR")
    return "Some fields need your attention.";
  return error.message || error.statusText || "Something went wrong. Please try again.";
}

/** Field name -> message, from the error's validation issues (first path segment). */
export function fieldErrorsOf(error: ClientError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues ?? []) {
    const field = String(issue.path[0] ?? "");
    if (field && !out[field]) out[field] = fieldMessage(field, issue.message);
  }
  return out;
}
