import type { AppContext } from "../kernel/app-context";
import { AUTH_ERRORS } from "../kernel/errors";

/**
 * Password length must lie within [min, max] (defaults 8 and 128). Checked before any hashing:
 * an over-long password never reaches the hasher.
 */
export function assertPasswordLength(app: AppContext, password: string): void {
  if (password.length < app.password.minLength) throw AUTH_ERRORS.PASSWORD_TOO_SHORT();
  if (password.length > app.password.maxLength) throw AUTH_ERRORS.PASSWORD_TOO_LONG();
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email);
}

export function assertEmailPasswordEnabled(app: AppContext): void {
  if (!app.options.emailAndPassword?.enabled) throw AUTH_ERRORS.EMAIL_AND_PASSWORD_IS_NOT_ENABLED();
}
