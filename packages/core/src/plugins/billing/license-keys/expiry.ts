/** License key lifetime units (spec section 9). */
export type Timeframe = "year" | "month" | "day";

/**
 * `at + ttl` in calendar units (UTC): a month or year later keeps the day of month, clamped to the
 * target month's last day (Jan 31 + 1 month = Feb 28/29).
 */
export function addTimeframe(at: Date, ttl: number, timeframe: Timeframe): Date {
  if (timeframe === "day") return new Date(at.getTime() + ttl * 86_400_000);
  const months = timeframe === "year" ? ttl * 12 : ttl;
  const total = at.getUTCFullYear() * 12 + at.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(at.getUTCDate(), last),
      at.getUTCHours(),
      at.getUTCMinutes(),
      at.getUTCSeconds(),
      at.getUTCMilliseconds(),
    ),
  );
}

/** The license settings of a `license_keys` benefit (its stored properties, already validated). */
export interface LicenseSettings {
  prefix: string | null;
  expires: { ttl: number; timeframe: Timeframe } | null;
  limitActivations: number | null;
  limitUsage: number | null;
}

export function licenseSettings(properties: Record<string, unknown>): LicenseSettings {
  const expires = properties.expires as { ttl?: number; timeframe?: Timeframe } | null | undefined;
  const activations = properties.activations as { limit?: number } | null | undefined;
  return {
    prefix: typeof properties.prefix === "string" ? properties.prefix : null,
    expires: expires?.ttl && expires.timeframe ? { ttl: expires.ttl, timeframe: expires.timeframe } : null,
    limitActivations: activations?.limit ?? null,
    limitUsage: typeof properties.limitUsage === "number" ? properties.limitUsage : null,
  };
}

export const expiryFrom = (at: Date, settings: LicenseSettings) =>
  settings.expires ? addTimeframe(at, settings.expires.ttl, settings.expires.timeframe) : null;
