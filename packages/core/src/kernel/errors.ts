import { defineErrors } from "./define-errors";
import { AUTH_ERROR_CODES } from "./error-codes";

export const AUTH_ERRORS = defineErrors(AUTH_ERROR_CODES);
