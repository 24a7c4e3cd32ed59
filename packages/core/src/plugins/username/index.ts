export { USERNAME_ERROR_CODES, type UsernameErrorKey } from "./error-codes";
export { USERNAME_ERRORS } from "./errors";
export { DEFAULT_USERNAME_PATTERN, type UsernameOptions } from "./options";
export { type UsernamePlugin, username } from "./plugin";
export { type UsernameRoutes, usernameRoutes } from "./routes";
export { usernameSchema } from "./schema";
