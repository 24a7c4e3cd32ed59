/**
 * API-key errors (spec section 8, "API key", and better-auth's API-key plugin where the spec is
 * silent). Plain data, browser-safe (the client imports this table). Each key is the wire code:
 * the message upper-cased, every run of other characters an underscore.
 */
export const API_KEY_ERROR_CODES = {
  // Spec section 8: not found, disabled, expired, usage exceeded, rate limit exceeded, invalid,
  // failed to update.
  API_KEY_NOT_FOUND: { status: 404, message: "API Key not found" },
  API_KEY_IS_DISABLED: { status: 401, message: "API Key is disabled" },
  API_KEY_HAS_EXPIRED: { status: 401, message: "API Key has expired" },
  API_KEY_HAS_REACHED_ITS_USAGE_LIMIT: { status: 429, message: "API Key has reached its usage limit" },
  RATE_LIMIT_EXCEEDED: { status: 429, message: "Rate limit exceeded." },
  INVALID_API_KEY: { status: 403, message: "Invalid API key." },
  FAILED_TO_UPDATE_API_KEY: { status: 500, message: "Failed to update API key" },
  // Management (create, update, get, delete, list).
  UNAUTHORIZED_OR_INVALID_SESSION: { status: 401, message: "Unauthorized or invalid session" },
  THE_PROPERTY_YOU_RE_TRYING_TO_SET_CAN_ONLY_BE_SET_FROM_THE_SERVER_AUTH_INSTANCE_ONLY: {
    status: 400,
    message: "The property you're trying to set can only be set from the server auth instance only.",
  },
  ORGANIZATION_ID_IS_REQUIRED_FOR_ORGANIZATION_OWNED_API_KEYS: {
    status: 400,
    message: "Organization ID is required for organization-owned API keys.",
  },
  YOU_ARE_NOT_A_MEMBER_OF_THE_ORGANIZATION_THAT_OWNS_THIS_API_KEY: {
    status: 403,
    message: "You are not a member of the organization that owns this API key.",
  },
  YOU_DO_NOT_HAVE_PERMISSION_TO_PERFORM_THIS_ACTION_ON_ORGANIZATION_API_KEYS: {
    status: 403,
    message: "You do not have permission to perform this action on organization API keys.",
  },
  ORGANIZATION_PLUGIN_IS_REQUIRED_FOR_ORGANIZATION_OWNED_API_KEYS: {
    status: 500,
    message: "Organization plugin is required for organization-owned API keys.",
  },
  METADATA_IS_DISABLED: { status: 400, message: "Metadata is disabled." },
  METADATA_MUST_BE_AN_OBJECT_OR_UNDEFINED: {
    status: 400,
    message: "metadata must be an object or undefined",
  },
  REFILLAMOUNT_IS_REQUIRED_WHEN_REFILLINTERVAL_IS_PROVIDED: {
    status: 400,
    message: "refillAmount is required when refillInterval is provided",
  },
  REFILLINTERVAL_IS_REQUIRED_WHEN_REFILLAMOUNT_IS_PROVIDED: {
    status: 400,
    message: "refillInterval is required when refillAmount is provided",
  },
  CUSTOM_KEY_EXPIRATION_VALUES_ARE_DISABLED: {
    status: 400,
    message: "Custom key expiration values are disabled.",
  },
  THE_EXPIRESIN_IS_SMALLER_THAN_THE_PREDEFINED_MINIMUM_VALUE: {
    status: 400,
    message: "The expiresIn is smaller than the predefined minimum value.",
  },
  THE_EXPIRESIN_IS_LARGER_THAN_THE_PREDEFINED_MAXIMUM_VALUE: {
    status: 400,
    message: "The expiresIn is larger than the predefined maximum value.",
  },
  THE_PREFIX_LENGTH_IS_EITHER_TOO_LARGE_OR_TOO_SMALL: {
    status: 400,
    message: "The prefix length is either too large or too small.",
  },
  THE_NAME_LENGTH_IS_EITHER_TOO_LARGE_OR_TOO_SMALL: {
    status: 400,
    message: "The name length is either too large or too small.",
  },
  API_KEY_NAME_IS_REQUIRED: { status: 400, message: "API Key name is required." },
  NO_VALUES_TO_UPDATE: { status: 400, message: "No values to update." },
} as const;

export type ApiKeyErrorCode = keyof typeof API_KEY_ERROR_CODES;
