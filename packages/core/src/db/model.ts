/**
 * Models are declared once, as data. Migrations, adapters, validators and TypeScript types are all
 * derived from these declarations, so a field is never described twice.
 */

export type FieldType = "string" | "number" | "boolean" | "date" | "json" | "string[]" | "number[]";

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type FieldValueOf<T extends FieldType> = T extends "string"
  ? string
  : T extends "number"
    ? number
    : T extends "boolean"
      ? boolean
      : T extends "date"
        ? Date
        : T extends "string[]"
          ? string[]
          : T extends "number[]"
            ? number[]
            : T extends "json"
              ? JsonValue
              : never;

export type OnDelete = "cascade" | "set null" | "restrict" | "no action";

export interface FieldDef<T extends FieldType = FieldType> {
  readonly type: T;
  /** Required fields must be present on create (after defaults). Default: true. */
  readonly required?: boolean;
  readonly unique?: boolean;
  /** Create a (non-unique) index on this column. */
  readonly index?: boolean;
  readonly references?: { readonly model: string; readonly field: string; readonly onDelete?: OnDelete };
  /** A value or a function producing one, applied on create when the field is absent. */
  readonly default?: FieldValueOf<T> | (() => FieldValueOf<T>);
  /** A function producing a value on every update (e.g. updatedAt). */
  readonly onUpdate?: () => FieldValueOf<T>;
  /** May a client set this field through an endpoint? Default: true. */
  readonly input?: boolean;
  /** Is this field part of API responses? Default: true. */
  readonly returned?: boolean;
  /** Use a 64-bit column for numbers (money, counters). */
  readonly bigint?: boolean;
  /** Column name override (before the adapter's casing rule). */
  readonly fieldName?: string;
  /**
   * Normalises a value before it is written (e.g. lower-case emails). Declared as a method so that a
   * field with a transform still fits the general `FieldDef` (parameters of methods are bivariant).
   */
  transform?(value: FieldValueOf<T>): FieldValueOf<T>;
  /** Maximum length hint for string columns that are indexed (defaults to 255 on MySQL). */
  readonly maxLength?: number;
}

export type FieldMap = Readonly<Record<string, FieldDef>>;

export interface ModelDef<N extends string = string, F extends FieldMap = FieldMap> {
  readonly name: N;
  readonly fields: F;
  /** Table name override (before the adapter's casing rule). */
  readonly tableName?: string;
  /** Composite indexes, each a list of field names. */
  readonly indexes?: readonly { readonly fields: readonly string[]; readonly unique?: boolean }[];
}

/**
 * The current time by the adapter's clock. Use it as a field's `default` or `onUpdate` (not a
 * function of your own) so that timestamps follow the app clock (`advanced.now`) in tests and
 * staging, like every other time decision.
 */
export function currentTime(): Date {
  return new Date();
}

/** Declares a model. Every model implicitly has a string `id` primary key. */
export function defineModel<const N extends string, const F extends FieldMap>(
  model: ModelDef<N, F>,
): ModelDef<N, F> {
  return model;
}

/** Declares a field; a typed helper so that `default` and `transform` match the type. */
export function field<const T extends FieldType, const D extends Omit<FieldDef<T>, "type">>(
  type: T,
  def?: D,
): { readonly type: T } & D {
  return { type, ...(def ?? ({} as D)) };
}

type IsRequired<F> = F extends { required: false } ? false : true;
type Returned<F> = F extends { returned: false } ? false : true;
type Inputable<F> = F extends { input: false } ? false : true;

type RequiredKeys<F extends FieldMap> = {
  [K in keyof F]: IsRequired<F[K]> extends true ? K : never;
}[keyof F];
type OptionalKeys<F extends FieldMap> = Exclude<keyof F, RequiredKeys<F>>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The stored row of a model: `id` plus every field; optional fields may be null. */
export type InferFields<F extends FieldMap> = Simplify<
  { id: string } & { [K in RequiredKeys<F>]: FieldValueOf<F[K]["type"]> } & {
    [K in OptionalKeys<F>]?: FieldValueOf<F[K]["type"]> | null;
  }
>;

export type InferModel<M extends ModelDef> = InferFields<M["fields"]>;

/**
 * Per-column value types that narrow what the declaration says: any type for a json column (the
 * shape stored there), a subtype for other columns (e.g. a union of statuses for a string).
 */
export type RowOverrides<F extends FieldMap> = {
  readonly [K in keyof F]?: F[K]["type"] extends "json" ? unknown : FieldValueOf<F[K]["type"]>;
};

type ValueOf<F extends FieldMap, O, K extends keyof F> = K extends keyof O
  ? Exclude<O[K], undefined>
  : FieldValueOf<F[K]["type"]>;

/**
 * The row a repository reads, derived from a field map: `id`, then every field (required -> `T`,
 * optional -> `T | null`, always present as a key), with `O` narrowing chosen columns:
 *
 *   type SubscriptionRow = RowOf<typeof subscriptionFields, { status: SubscriptionStatus; metadata: Metadata }>;
 */
export type RowOf<F extends FieldMap, O extends RowOverrides<F> = {}> = Simplify<
  { id: string } & { [K in RequiredKeys<F>]: ValueOf<F, O, K> } & {
    [K in OptionalKeys<F>]: ValueOf<F, O, K> | null;
  }
>;

/** Only the fields that appear in API responses. */
export type InferReturned<F extends FieldMap> = Simplify<
  { id: string } & {
    [K in RequiredKeys<F> as Returned<F[K]> extends true ? K : never]: FieldValueOf<F[K]["type"]>;
  } & {
    [K in OptionalKeys<F> as Returned<F[K]> extends true ? K : never]?: FieldValueOf<F[K]["type"]> | null;
  }
>;

/** Fields a client may provide on create: inputable fields; required ones without a default stay required. */
export type InferInput<F extends FieldMap> = Simplify<
  {
    [K in keyof F as Inputable<F[K]> extends true
      ? IsRequired<F[K]> extends true
        ? F[K] extends { default: unknown }
          ? never
          : K
        : never
      : never]: FieldValueOf<F[K]["type"]>;
  } & {
    [K in keyof F as Inputable<F[K]> extends true
      ? IsRequired<F[K]> extends true
        ? F[K] extends { default: unknown }
          ? K
          : never
        : K
      : never]?: FieldValueOf<F[K]["type"]> | null;
  }
>;

/** Resolved schema: every model by logical name. */
export type Schema = Readonly<Record<string, ModelDef>>;

export function isRequired(def: FieldDef): boolean {
  return def.required !== false;
}
