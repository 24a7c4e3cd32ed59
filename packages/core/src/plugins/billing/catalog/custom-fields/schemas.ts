import { z } from "zod";
import { metadataInput, pageQuery, scoped } from "../input";

const text = z.string().min(1).nullish();
const form = { formLabel: text, formHelpText: text, formPlaceholder: text };
const int = z.number().int();

const ordered = <T extends { ge?: number | null; le?: number | null }>(p: T) =>
  p.ge === null || p.ge === undefined || p.le === null || p.le === undefined || p.ge <= p.le;
const bounds = z
  .object({ ...form, ge: int.nullish(), le: int.nullish() })
  .refine(ordered, { message: "ge must be less than or equal to le.", path: ["ge"] });

/** Properties per type (BILLING.md 1.6): ge <= le; lengths >= 0; a select needs an option. */
export const CUSTOM_FIELD_PROPERTIES = {
  checkbox: z.object(form),
  date: bounds,
  number: bounds,
  select: z.object({
    ...form,
    options: z
      .array(z.object({ value: z.string().min(1), label: z.string().min(1) }), {
        error: "At least one option is required.",
      })
      .min(1, "At least one option is required."),
  }),
  text: z
    .object({
      ...form,
      textarea: z.boolean().nullish(),
      minLength: int.min(0, "minLength must be at least 0.").nullish(),
      maxLength: int.min(0, "maxLength must be at least 0.").nullish(),
    })
    .refine(
      (p) =>
        p.minLength === null ||
        p.minLength === undefined ||
        p.maxLength === null ||
        p.maxLength === undefined ||
        p.minLength <= p.maxLength,
      { message: "minLength must be less than or equal to maxLength.", path: ["minLength"] },
    ),
} as const;

export type CustomFieldType = keyof typeof CUSTOM_FIELD_PROPERTIES;
export const CUSTOM_FIELD_TYPES = Object.keys(CUSTOM_FIELD_PROPERTIES) as CustomFieldType[];

/** Slugs are stored lower-cased: unique per merchant whatever the case. */
export const slugInput = z
  .string()
  .trim()
  .min(1, "Slug must be at least 1 character long.")
  .max(100, "Slug must be at most 100 characters long.")
  .regex(/^[A-Za-z0-9_-]+$/, "Slug can only contain letters, numbers, hyphens and underscores.")
  .transform((s) => s.toLowerCase());

const common = {
  ...scoped,
  slug: slugInput,
  name: z.string().trim().min(1).max(256),
  metadata: metadataInput.optional(),
};

export const customFieldCreateInput = z.discriminatedUnion("type", [
  z.object({
    ...common,
    type: z.literal("checkbox"),
    properties: CUSTOM_FIELD_PROPERTIES.checkbox.default({}),
  }),
  z.object({ ...common, type: z.literal("date"), properties: CUSTOM_FIELD_PROPERTIES.date.default({}) }),
  z.object({ ...common, type: z.literal("number"), properties: CUSTOM_FIELD_PROPERTIES.number.default({}) }),
  z.object({ ...common, type: z.literal("select"), properties: CUSTOM_FIELD_PROPERTIES.select }),
  z.object({ ...common, type: z.literal("text"), properties: CUSTOM_FIELD_PROPERTIES.text.default({}) }),
]);

/** The type never changes; properties are checked against the field's type. */
export const customFieldUpdateInput = z.object({
  ...scoped,
  id: z.string().min(1),
  slug: slugInput.optional(),
  name: z.string().trim().min(1).max(256).optional(),
  metadata: metadataInput.optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
});

export const customFieldIdInput = z.object({ ...scoped, id: z.string().min(1) });

export const customFieldListInput = z.object({
  ...pageQuery,
  type: z.enum(CUSTOM_FIELD_TYPES as [CustomFieldType, ...CustomFieldType[]]).optional(),
  query: z.string().optional(),
});

export type CustomFieldCreateInput = z.input<typeof customFieldCreateInput>;
export type CustomFieldUpdateInput = z.input<typeof customFieldUpdateInput>;
export type CustomFieldListInput = z.input<typeof customFieldListInput>;
