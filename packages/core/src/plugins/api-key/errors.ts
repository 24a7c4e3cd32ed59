import { defineErrors } from "./deps";
import { API_KEY_ERROR_CODES } from "./error-codes";

/** Throwers for the API-key errors: `throw API_KEY_ERRORS.API_KEY_NOT_FOUND()`. */
export const API_KEY_ERRORS = defineErrors(API_KEY_ERROR_CODES);
