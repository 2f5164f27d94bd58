/**
 * Dates as ISO 8601 text, read in UTC: a Polars Date is a day, not an instant, so it must not
 * shift with the reader's time zone.
 *
 * @module
 */

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** `YYYY-MM-DD` of a date in UTC (years outside 0-9999 unpadded). */
export function isoDate(d: Date): string {
  const y = d.getUTCFullYear();
  const year = y >= 0 && y <= 9999 ? pad(y, 4) : String(y);
  return `${year}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** `YYYY-MM-DDTHH:MM:SS[.mmm][Z]` of a date in UTC; `Z` only for zoned datetimes. */
export function isoDateTime(d: Date, zoned: boolean): string {
  const ms = d.getUTCMilliseconds();
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` +
    (ms === 0 ? "" : `.${pad(ms, 3)}`);
  return `${isoDate(d)}T${time}${zoned ? "Z" : ""}`;
}
