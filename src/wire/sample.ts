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

/**
 * ERROR-301's message when the sample key asks for more than {@linkcode SAMPLE_MAX_ROWS} rows:
 * its own text, not the generic one (Korean captured in 2026-09 in two public test suites; the
 * English is the project's own).
 */
export const SAMPLE_LIMIT_MESSAGE = {
  kr:
    "조회건수 값의 타입이 유효하지 않습니다. 조회건수 값을 확인하십시오!\n 조회건수 값의 타입이 " +
    "유효하지 않으면 오류를 발생합니다. \n sample은 최대 10건 이내에서 호출이 가능합니다.",
  en: "The start or end row number is not a valid integer.\n The sample key may ask for at most " +
    "10 rows a request.",
} as const;
