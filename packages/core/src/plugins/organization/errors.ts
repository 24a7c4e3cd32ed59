import { defineErrors } from "../../plugin";
import { ORGANIZATION_ERROR_CODES } from "./error-codes";

/** Throwers for the organization errors: `throw ORG_ERRORS.MEMBER_NOT_FOUND()`. */
export const ORG_ERRORS = defineErrors(ORGANIZATION_ERROR_CODES);
