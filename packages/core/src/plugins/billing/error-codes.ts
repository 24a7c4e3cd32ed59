/** Billing errors: message + HTTP status, plain data (the client imports it too). */
export const BILLING_ERROR_CODES = {
  YOU_MUST_BE_LOGGED_IN_TO_CHECKOUT: { status: 401, message: "You must be logged in to checkout" },
  /** `.unknownSlug`: a checkout body naming a product that does not exist (400). */
  PRODUCT_NOT_FOUND: {
    status: 404,
    message: "Product not found",
    variants: { unknownSlug: { status: 400 } },
  },
  PRICE_NOT_FOUND: { status: 404, message: "Price not found" },
  PRICE_IS_ARCHIVED: { status: 422, message: "Price is archived." },
  PRODUCT_IS_ARCHIVED: { status: 422, message: "Product is archived." },
  CHECKOUT_NOT_FOUND: { status: 404, message: "Checkout not found" },
  THIS_CHECKOUT_SESSION_HAS_EXPIRED: { status: 410, message: "This checkout session has expired." },
  CHECKOUT_IS_NOT_OPEN: { status: 403, message: "Checkout is not open" },
  CHECKOUT_IS_CURRENTLY_BEING_PROCESSED_PLEASE_TRY_AGAIN: {
    status: 409,
    message: "Checkout is currently being processed. Please try again.",
  },
  /** A buyer asked `POST /checkout` for a trial longer than the product's own (or for one it lacks). */
  THIS_TRIAL_IS_LONGER_THAN_THE_PRODUCT_S_TRIAL: {
    status: 403,
    message: "This trial is longer than the product's trial.",
  },
  YOU_ALREADY_HAVE_AN_ACTIVE_SUBSCRIPTION: {
    status: 403,
    message: "You already have an active subscription.",
  },
  THE_PAYMENT_FAILED: { status: 400, message: "The payment failed" },
  FIELD_IS_REQUIRED: { status: 422, message: "Field is required." },
  FULL_BILLING_ADDRESS_IS_REQUIRED: { status: 422, message: "Full billing address is required." },
  CONFIRMATION_TOKEN_IS_REQUIRED: { status: 422, message: "Confirmation token is required." },
  VALIDATION_FAILED: { status: 422, message: "Validation failed" },
  DISCOUNT_DOES_NOT_EXIST: { status: 422, message: "Discount does not exist." },
  DISCOUNT_NOT_FOUND: { status: 404, message: "Discount not found" },
  DISCOUNT_IS_NO_LONGER_REDEEMABLE: { status: 422, message: "Discount is no longer redeemable." },
  DISCOUNT_IS_NOT_REDEEMABLE: { status: 400, message: "Discount is not redeemable." },
  DISCOUNT_IS_NOT_APPLICABLE_TO_THIS_SUBSCRIPTION: {
    status: 400,
    message: "Discount is not applicable to this subscription.",
  },
  DISCOUNTS_ARE_NOT_APPLICABLE_TO_THIS_PRODUCT: {
    status: 422,
    message: "Discounts are not applicable to this product.",
  },
  DISCOUNT_WITH_THIS_CODE_ALREADY_EXISTS: { status: 422, message: "Discount with this code already exists." },
  THIS_DISCOUNT_HAS_ALREADY_BEEN_REDEEMED: {
    status: 422,
    message: "This discount has already been redeemed.",
  },
  TYPE_CANNOT_BE_CHANGED: { status: 422, message: "Type cannot be changed." },
  DURATION_CANNOT_BE_CHANGED: { status: 422, message: "Duration cannot be changed." },
  AMOUNT_IS_BELOW_MINIMUM: { status: 422, message: "Amount is below minimum." },
  AMOUNT_IS_ABOVE_MAXIMUM: { status: 422, message: "Amount is above maximum." },
  CUSTOMER_NOT_FOUND: { status: 404, message: "Customer not found" },
  A_CUSTOMER_WITH_THIS_EXTERNAL_ID_ALREADY_EXISTS_BUT_WITH_A_DIFFERENT_EMAIL_ADDRESS: {
    status: 422,
    message: "A customer with this external ID already exists but with a different email address.",
  },
  CUSTOMER_EMAIL_CANNOT_BE_CHANGED_FOR_AN_AUTHENTICATED_CHECKOUT: {
    status: 422,
    message: "Customer email cannot be changed for an authenticated checkout.",
  },
  A_CUSTOMER_WITH_THIS_EMAIL_ADDRESS_ALREADY_EXISTS: {
    status: 422,
    message: "A customer with this email address already exists.",
  },
  A_CUSTOMER_WITH_THIS_EXTERNAL_ID_ALREADY_EXISTS: {
    status: 422,
    message: "A customer with this external ID already exists.",
  },
  INVALID_TAX_ID: { status: 422, message: "Invalid tax ID." },
  INVALID_CHECKOUT_URL: { status: 400, message: "Invalid checkout URL" },
  INVALID_WEBHOOK_SECRET: { status: 400, message: "Invalid webhook secret" },
  WEBHOOK_URL_NOT_ALLOWED: { status: 400, message: "Webhook URL not allowed" },
  COUNTRY_IS_REQUIRED_TO_VALIDATE_TAX_ID: { status: 422, message: "Country is required to validate tax ID." },
  MERCHANT_NOT_FOUND: { status: 404, message: "Merchant not found" },
  YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: {
    status: 403,
    message: "You are not a member of this organization",
  },
  YOU_ARE_NOT_ALLOWED_TO_MANAGE_BILLING_FOR_THIS_ORGANIZATION: {
    status: 403,
    message: "You are not allowed to manage billing for this organization",
  },
  BENEFIT_NOT_FOUND: { status: 404, message: "Benefit not found" },
  THIS_BENEFIT_CANNOT_BE_DELETED: { status: 403, message: "This benefit cannot be deleted." },
  METER_NOT_FOUND: { status: 404, message: "Meter not found" },
  EVENT_NOT_FOUND: { status: 404, message: "Event not found" },
  FILE_NOT_FOUND: { status: 404, message: "File not found." },
  FILE_IS_EMPTY: { status: 422, message: "File is empty." },
  FILE_IS_TOO_LARGE: { status: 413, message: "File is too large." },
  PRODUCT_MEDIA_MUST_BE_A_PNG_JPEG_GIF_WEBP_OR_AVIF_IMAGE: {
    status: 400,
    message: "Product media must be a PNG, JPEG, GIF, WebP or AVIF image.",
  },
  ONLY_IMAGES_UPLOADED_AS_PRODUCT_MEDIA_CAN_BE_SHOWN_ON_A_PRODUCT: {
    status: 422,
    message: "Only images uploaded as product media can be shown on a product.",
  },
  DOWNLOAD_LINK_IS_INVALID_OR_HAS_EXPIRED: {
    status: 403,
    message: "Download link is invalid or has expired.",
  },
  YOU_NO_LONGER_HAVE_ACCESS_TO_THIS_FILE: { status: 403, message: "You no longer have access to this file." },
  CUSTOM_FIELD_NOT_FOUND: { status: 404, message: "Custom field not found" },
  A_CUSTOM_FIELD_WITH_THIS_SLUG_ALREADY_EXISTS: {
    status: 422,
    message: "A custom field with this slug already exists.",
  },
  WEBHOOK_ENDPOINT_NOT_FOUND: { status: 404, message: "Webhook endpoint not found" },
  WEBHOOK_EVENT_NOT_FOUND: { status: 404, message: "Webhook event not found" },
  ORDER_NOT_FOUND: { status: 404, message: "Order not found" },
  SUBSCRIPTION_NOT_FOUND: { status: 404, message: "Subscription not found" },
  REFUND_NOT_FOUND: { status: 404, message: "Refund not found" },
  REFUND_AMOUNT_MUST_BE_GREATER_THAN_ZERO: {
    status: 422,
    message: "Refund amount must be greater than zero",
  },
  REFUND_AMOUNT_EXCEEDS_REFUNDABLE_AMOUNT: {
    status: 422,
    message: "Refund amount exceeds refundable amount",
  },
  ORDER_IS_NOT_PAID: { status: 422, message: "Order is not paid" },
  ORDER_IS_ALREADY_FULLY_REFUNDED: { status: 403, message: "Order is already fully refunded" },
  SUBSCRIPTION_BENEFITS_CAN_ONLY_BE_REVOKED_UPON_CANCELLATION: {
    status: 400,
    message: "Subscription benefits can only be revoked upon cancellation",
  },
  ORDER_HAS_NO_PAYMENT_TO_REFUND: { status: 404, message: "Order has no payment to refund" },
  THE_PAYMENT_PROCESSOR_DID_NOT_ACCEPT_THE_REFUND: {
    status: 502,
    message: "The payment processor did not accept the refund",
  },
  THIS_SUBSCRIPTION_IS_ALREADY_CANCELED_OR_WILL_BE_AT_THE_END_OF_THE_PERIOD: {
    status: 403,
    message: "This subscription is already canceled or will be at the end of the period.",
  },
  SUBSCRIPTION_UPDATES_ARE_NOT_ALLOWED: { status: 403, message: "Subscription updates are not allowed." },
  THIS_SUBSCRIPTION_HAS_ENDED: { status: 410, message: "This subscription has ended." },
  THIS_SUBSCRIPTION_IS_NOT_SET_TO_CANCEL: { status: 400, message: "This subscription is not set to cancel." },
  PRODUCT_DOES_NOT_EXIST: { status: 422, message: "Product does not exist." },
  PRODUCT_IS_NOT_RECURRING: { status: 422, message: "Product is not recurring." },
  CAN_T_UPDATE_TO_A_PRODUCT_WITH_CUSTOM_PRICES: {
    status: 422,
    message: "Can't update to a product with custom prices.",
  },
  PRODUCT_HAS_NO_PRICE_IN_THE_SUBSCRIPTION_CURRENCY: {
    status: 422,
    message: "Product has no price in the subscription currency.",
  },
  THE_SUBSCRIPTION_IS_ALREADY_ON_THIS_PRODUCT: {
    status: 422,
    message: "The subscription is already on this product.",
  },
  SEATS_CAN_ONLY_BE_SET_ON_A_SEAT_BASED_SUBSCRIPTION: {
    status: 400,
    message: "Seats can only be set on a seat-based subscription.",
  },
  SEATS_MUST_BE_AT_LEAST_THE_MINIMUM_SEATS_OF_THE_PRICE: {
    status: 400,
    message: "Seats must be at least the minimum seats of the price.",
  },
  TOO_MANY_SEATS_FOR_THIS_PRICE: { status: 400, message: "Too many seats for this price." },
  CURRENCY_MUST_BE_A_LOWER_CASE_ISO_4217_CODE: {
    status: 422,
    message: "Currency must be a lower-case ISO 4217 code.",
  },
  CUSTOMER_PORTAL_SESSION_NOT_FOUND: { status: 404, message: "Customer portal session not found" },
  CUSTOMER_PORTAL_SESSION_HAS_EXPIRED: { status: 401, message: "Customer portal session has expired" },
  /** License keys (BILLING.md 6.3, Appendix B): validate answers 404, activate 403 (`.activate`). */
  LICENSE_KEY_NOT_FOUND: { status: 404, message: "License key not found." },
  LICENSE_KEY_IS_NO_LONGER_ACTIVE: {
    status: 404,
    message: "License key is no longer active.",
    variants: { activate: { status: 403 } },
  },
  LICENSE_KEY_HAS_EXPIRED: {
    status: 404,
    message: "License key has expired.",
    variants: { activate: { status: 403 } },
  },
  LICENSE_KEY_DOES_NOT_MATCH_REQUIRED_CONDITIONS: {
    status: 404,
    message: "License key does not match required conditions",
  },
  LICENSE_KEY_DOES_NOT_MATCH_GIVEN_BENEFIT: {
    status: 404,
    message: "License key does not match given benefit.",
  },
  LICENSE_KEY_DOES_NOT_MATCH_GIVEN_USER: { status: 404, message: "License key does not match given user." },
  LICENSE_KEY_ACTIVATION_NOT_FOUND: { status: 404, message: "License key activation not found." },
  /** The message names what is left: see `usagesLeft` in errors.ts. */
  LICENSE_KEY_USAGE_LIMIT: {
    status: 400,
    message: "License key usage limit reached.",
    code: "LICENSE_KEY_USAGE_LIMIT",
  },
  THIS_LICENSE_KEY_DOES_NOT_SUPPORT_ACTIVATIONS_USE_THE_VALIDATE_ENDPOINT_INSTEAD_TO_CHECK_LICENSE_VALIDITY: {
    status: 403,
    message:
      "This license key does not support activations. Use the /validate endpoint instead to check license validity.",
  },
  LICENSE_KEY_ACTIVATION_LIMIT_ALREADY_REACHED: {
    status: 403,
    message: "License key activation limit already reached",
  },
} as const;
