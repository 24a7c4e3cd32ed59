import { defineErrors } from "../../plugin";
import { USERNAME_ERROR_CODES } from "./error-codes";

export const USERNAME_ERRORS = defineErrors(USERNAME_ERROR_CODES);
