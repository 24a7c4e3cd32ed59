import { APIError, defineErrors } from "../../plugin";
import { ADMIN_ERROR_CODES } from "./error-codes";

export const ADMIN_ERRORS = defineErrors(ADMIN_ERROR_CODES);

/** 403 BANNED_USER with the configured message (the code does not follow the message). */
export function bannedUserError(message: string): APIError {
  return new APIError(ADMIN_ERROR_CODES.BANNED_USER.status, {
    message,
    code: ADMIN_ERROR_CODES.BANNED_USER.code,
  });
}
