import type { FieldIssue } from "../errors";
import type { AttachedCustomField } from "./serialize";

export type CustomFieldValue = string | number | boolean | null;

interface Props {
  ge?: number;
  le?: number;
  minLength?: number;
  maxLength?: number;
  options?: { value: string; label: string }[];
}

/**
 * Validates custom field data against the fields attached to a product (BILLING.md 1.6): unknown
 * keys are dropped, `required` is enforced only on confirm, per-type rules always.
 */
export function validateCustomFieldData(
  attached: readonly AttachedCustomField[],
  data: Record<string, unknown>,
  mode: "draft" | "confirm",
): { data: Record<string, CustomFieldValue>; issues: FieldIssue[] } {
  const out: Record<string, CustomFieldValue> = {};
  const issues: FieldIssue[] = [];
  for (const a of attached) {
    const { slug, type } = a.customField;
    const props = (a.customField.properties ?? {}) as Props;
    const raw = data[slug];
    const path = ["customFieldData", slug];
    const missing = raw === undefined || raw === null || raw === "";
    if (missing) {
      if (mode === "confirm" && a.required) issues.push({ path, message: "Field is required." });
      if (type === "checkbox" && !a.required) out[slug] = false;
      continue;
    }
    switch (type) {
      case "text": {
        if (typeof raw !== "string") {
          issues.push({ path, message: "Must be text." });
          break;
        }
        if (props.minLength !== undefined && raw.length < props.minLength) {
          issues.push({ path, message: `Must be at least ${props.minLength} characters.` });
        } else if (props.maxLength !== undefined && raw.length > props.maxLength) {
          issues.push({ path, message: `Must be at most ${props.maxLength} characters.` });
        } else out[slug] = raw;
        break;
      }
      case "number": {
        const n = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
        if (typeof n !== "number" || !Number.isInteger(n))
          issues.push({ path, message: "Must be a whole number." });
        else if (props.ge !== undefined && n < props.ge)
          issues.push({ path, message: `Must be at least ${props.ge}.` });
        else if (props.le !== undefined && n > props.le)
          issues.push({ path, message: `Must be at most ${props.le}.` });
        else out[slug] = n;
        break;
      }
      case "date": {
        const t = typeof raw === "string" ? Date.parse(raw) : Number.NaN;
        if (Number.isNaN(t)) {
          issues.push({ path, message: "Must be a date." });
          break;
        }
        const seconds = Math.floor(t / 1000);
        if (props.ge !== undefined && seconds < props.ge)
          issues.push({ path, message: "Date is too early." });
        else if (props.le !== undefined && seconds > props.le)
          issues.push({ path, message: "Date is too late." });
        else out[slug] = new Date(t).toISOString();
        break;
      }
      case "checkbox": {
        const b = raw === true || raw === "true" || raw === "on";
        if (raw !== true && raw !== false && typeof raw !== "string")
          issues.push({ path, message: "Must be true or false." });
        else if (a.required && mode === "confirm" && !b) issues.push({ path, message: "Field is required." });
        else out[slug] = b;
        break;
      }
      case "select": {
        const value = String(raw);
        if (!(props.options ?? []).some((o) => o.value === value))
          issues.push({ path, message: "Not one of the options." });
        else out[slug] = value;
        break;
      }
    }
  }
  return { data: out, issues };
}
