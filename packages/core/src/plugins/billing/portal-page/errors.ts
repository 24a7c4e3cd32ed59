/**
 * Sentences the portal page shows for error codes of its JSON calls. The page never shows a raw
 * message (validation text, processor wording): a known code reads as one of these, anything else
 * as `PORTAL_FALLBACK_ERROR`.
 */
export const PORTAL_ERROR_TEXT: Readonly<Record<string, string>> = {
  CUSTOMER_PORTAL_SESSION_HAS_EXPIRED:
    "This portal link has expired. Please open the customer portal again from the shop.",
  CUSTOMER_PORTAL_SESSION_NOT_FOUND:
    "This portal link is not valid. Please open the customer portal again from the shop.",
  SUBSCRIPTION_NOT_FOUND: "We could not find this subscription. Please reload the page.",
  ORDER_NOT_FOUND: "We could not find this order. Please reload the page.",
  SUBSCRIPTION_UPDATES_ARE_NOT_ALLOWED:
    "Plan changes are not available here. Please contact the shop to change your plan.",
  THIS_SUBSCRIPTION_IS_ALREADY_CANCELED_OR_WILL_BE_AT_THE_END_OF_THE_PERIOD:
    "This subscription is already canceled or set to end, so it cannot be changed.",
  THIS_SUBSCRIPTION_HAS_ENDED: "This subscription has ended and can no longer be changed.",
  THIS_SUBSCRIPTION_IS_NOT_SET_TO_CANCEL:
    "This subscription is not set to cancel, so there is nothing to resume.",
  THE_SUBSCRIPTION_IS_ALREADY_ON_THIS_PRODUCT: "You are already on this plan. Choose a different plan.",
  PRODUCT_DOES_NOT_EXIST: "This plan is no longer available. Please choose another plan.",
  PRODUCT_IS_ARCHIVED: "This plan is no longer available. Please choose another plan.",
  PRODUCT_IS_NOT_RECURRING: "This plan cannot be used for a subscription. Please choose another plan.",
  CAN_T_UPDATE_TO_A_PRODUCT_WITH_CUSTOM_PRICES:
    "This plan cannot be chosen here. Please choose another plan.",
  PRODUCT_HAS_NO_PRICE_IN_THE_SUBSCRIPTION_CURRENCY:
    "This plan is not available in your currency. Please choose another plan.",
  THE_PAYMENT_FAILED:
    "The payment for this change did not go through, so your plan was not changed. Please try again later or contact the shop.",
  INVALID_BODY_PARAMETERS: "Some of the details are not valid. Please check the form and try again.",
  INVALID_QUERY_PARAMETERS: "Some of the details are not valid. Please reload the page and try again.",
  VALIDATION_FAILED: "Some of the details are not valid. Please check the form and try again.",
  TOO_MANY_REQUESTS_PLEASE_TRY_AGAIN_LATER: "Too many attempts. Please wait a moment and try again.",
  LICENSE_KEY_NOT_FOUND: "We could not find this license key. Please reload the page.",
  LICENSE_KEY_ACTIVATION_NOT_FOUND:
    "This device is no longer activated or cannot be deactivated here. Please reload the page.",
  COPY_FAILED: "The key could not be copied. Select Show key, then copy it by hand.",
  NETWORK: "We could not reach the shop. Check your connection and try again.",
  FIELDS: "Some details need your attention. Please check the marked fields.",
};

/** Sentences for a card the processor refused (by decline code), under the card field. */
export const PORTAL_DECLINE_TEXT: Readonly<Record<string, string>> = {
  generic_decline: "Your card was declined, so nothing was changed. Please try another card.",
  insufficient_funds: "Your card was declined for insufficient funds. Please try another card.",
  invalid_payment_method: "This card number is not valid. Check the number and try again.",
  authentication_required:
    "Your bank asks to confirm this card, which cannot be done here. Please try another card.",
};

/** Sentences for billing detail fields the server refused (by the field's key). */
export const PORTAL_FIELD_TEXT: Readonly<Record<string, string>> = {
  card: "Enter your card number.",
  name: "Enter a shorter name (at most 256 characters).",
  country: "Choose your country. A tax ID needs a country.",
  line1: "Enter your street address.",
  line2: "Enter a shorter second address line.",
  city: "Enter your city.",
  postalCode: "Enter your postal code.",
  state: "Choose your state or province from the list.",
  taxId: "This tax ID does not look right for the selected type. Check the number and the type.",
  taxType: "Choose the type of your tax ID.",
  generic: "Check this field.",
};

export const PORTAL_FALLBACK_ERROR = "Something went wrong. Please try again in a moment.";

/** The sentence for an error answer's code. */
export const portalErrorText = (code: string | undefined) =>
  (code && PORTAL_ERROR_TEXT[code]) || PORTAL_FALLBACK_ERROR;
