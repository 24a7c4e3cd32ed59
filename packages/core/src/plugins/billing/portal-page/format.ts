import { escapeHtml } from "../../../plugin";
import { formatMoney } from "../checkout-page/render";

export { escapeHtml, formatMoney };

const DATE = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** A UTC calendar date for people ("January 15, 2026"). */
export const formatDate = (d: Date | string | null | undefined) => (d ? DATE.format(new Date(d)) : "");

/** Words for stored codes ("partially_refunded" -> "Partially refunded"). */
export const humanize = (code: string) => {
  const text = code.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const REGIONS = new Intl.DisplayNames(["en"], { type: "region" });
export const countryName = (code: string) => {
  try {
    return REGIONS.of(code) ?? code;
  } catch {
    return code;
  }
};
