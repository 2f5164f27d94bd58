/**
 * The key every ECOS server accepts without registration, and its limit. The client picks its
 * page size by it; the bundled server enforces it.
 *
 * @module
 */

/** The key every ECOS server accepts, limited to {@linkcode SAMPLE_MAX_ROWS} rows a request. */
export const SAMPLE_KEY = "sample";

/** The most rows the sample key may ask for in one request; more answers ERROR-301. */
export const SAMPLE_MAX_ROWS = 10;
