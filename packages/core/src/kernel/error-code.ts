/**
 * Derives the machine-readable code of an error from its message, as the specification requires:
 * upper-cased, every run of characters other than letters and digits turned into one underscore,
 * no leading or trailing underscore. "Email is the same" -> "EMAIL_IS_THE_SAME".
 */
export function errorCode(message: string): string {
  return message
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}
