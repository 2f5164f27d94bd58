/**
 * Numbers and durations for people, as progress lines show them.
 *
 * @module
 */

/**
 * A whole number with thousands separators: "279,552".
 *
 * @param n Any number; rounded.
 * @returns The text.
 */
export const count = (n: number): string => Math.round(n).toLocaleString("en-US");

/**
 * A duration in a progress line: "<1s", "42s", "3m05s", "1h02m".
 *
 * @param ms Milliseconds.
 * @returns The text.
 */
export function shortDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 1) return "<1s";
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, "0")}m`;
}
