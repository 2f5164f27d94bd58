/**
 * The result codes of the ECOS Open API and what each one means for a client. Shared by the
 * client (to decide on retries and explain failures) and the bundled server (to answer them).
 *
 * @module
 */

/** A result code the ECOS service answers in a `RESULT` body. */
export type EcosResultCode =
  | "INFO-100"
  | "INFO-200"
  | "ERROR-100"
  | "ERROR-101"
  | "ERROR-200"
  | "ERROR-300"
  | "ERROR-301"
  | "ERROR-400"
  | "ERROR-500"
  | "ERROR-600"
  | "ERROR-601"
  | "ERROR-602";

/** How a client should react to a result code. */
export type RetryPolicy =
  /** Never retry: the request itself is wrong, or the answer is final. */
  | "never"
  /** Split the date range and ask again (ERROR-400). */
  | "split"
  /** Retry a few times with backoff (server-side faults). */
  | "backoff"
  /** Retry after backing off longer (rate limit). */
  | "throttle";

/** One row of {@linkcode ECOS_CODES}. */
export interface EcosCodeInfo {
  /** What the retry logic does with it. */
  retry: RetryPolicy;
  /**
   * The Korean MESSAGE, exactly as the live service sends it (INFO-100 and ERROR-100 captured;
   * INFO-200, ERROR-101, ERROR-200 and ERROR-301 measured live) or, for the codes never seen
   * live (ERROR-300, ERROR-400 and ERROR-500 to ERROR-602), as the official guide prints it.
   * ERROR-100's carries a newline and a space in the middle, as captured. The bundled server
   * answers these texts byte for byte.
   */
  kr: string;
  /** The project's English message. */
  en: string;
  /** What the user can do about it, in a message of ours. */
  advice: string;
}

/** Every ECOS result code with its meaning, messages and retry policy. */
export const ECOS_CODES: Readonly<Record<EcosResultCode, EcosCodeInfo>> = {
  "INFO-100": {
    retry: "never",
    kr:
      "인증키가 유효하지 않습니다. 인증키를 확인하십시오! 인증키가 없는 경우 인증키를 신청하십시오!",
    en: "The authentication key is invalid. Check the key, or apply for one if you have none.",
    advice: "Check the API key (ECOS_API_KEY), or apply for one at ecos.bok.or.kr",
  },
  "INFO-200": {
    retry: "never",
    kr: "해당하는 데이터가 없습니다.",
    en: "No data matches the request.",
    advice: "No data matches: check the table code, cycle, date range and item codes",
  },
  "ERROR-100": {
    retry: "never",
    kr:
      "필수 값이 누락되어 있습니다. 필수 값을 확인하십시오!\n 필수 값이 누락되어 있으면 오류를 발생합니다. 요청 변수를 참고 하십시오!",
    en: "A required value is missing. Check the required values.",
    advice: "A required value is missing from the request",
  },
  "ERROR-101": {
    retry: "never",
    kr: "주기와 다른 형식의 날짜 형식입니다. 날짜 형식을 확인하십시오!",
    en: "The date format differs from the cycle. Check the date format.",
    advice: "Write start and end in the cycle's shape (A 2020, S 2020S1, Q 2020Q1, M 202001, " +
      "SM 202001SM1, D 20200101)",
  },
  "ERROR-200": {
    retry: "never",
    kr:
      "요청타입 값이 누락 혹은 유효하지 않습니다. 요청타입 값을 확인하십시오! 요청타입 값이 누락 혹은 유효하지 않으면 오류를 발생합니다. 요청 변수를 참고 하십시오!",
    en: "The file type is missing or invalid. Use json or xml.",
    advice: "Use the format json or xml",
  },
  "ERROR-300": {
    retry: "never",
    kr:
      "조회건수 값이 누락되어 있습니다. 조회시작건수/조회종료건수 값을 확인하십시오! 조회시작건수/조회종료건수 값이 누락되어 있으면 오류를 발생합니다.",
    en: "The start or end row number is missing.",
    advice: "Give both the start and the end row number",
  },
  "ERROR-301": {
    retry: "never",
    kr:
      "조회건수 값의 타입이 유효하지 않습니다. 조회건수 값을 확인하십시오! 조회건수 값의 타입이 유효하지 않으면 오류를 발생합니다. 정수를 입력하세요.",
    en: "The start or end row number is not a valid integer.",
    advice: "Row numbers must be integers; the sample key may ask for 10 rows at most",
  },
  "ERROR-400": {
    retry: "split",
    kr:
      "검색범위가 적정범위를 초과하여 60초 TIMEOUT이 발생하였습니다. 요청조건 조정하여 다시 요청하시기 바랍니다.",
    en: "The search range is too large to answer within 60 seconds.",
    advice: "Narrow the date range or filter by item codes",
  },
  "ERROR-500": {
    retry: "backoff",
    kr:
      "서버 오류입니다. OpenAPI 호출시 서버에서 오류가 발생하였습니다. 해당 서비스를 찾을 수 없습니다.",
    en: "Server error. Check that the service name is correct.",
    advice: "The service failed; try again later",
  },
  "ERROR-600": {
    retry: "backoff",
    kr: "DB Connection 오류입니다. OpenAPI 호출시 서버에서 DB접속 오류가 발생했습니다.",
    en: "Database connection error.",
    advice: "The service's database is unreachable; try again later",
  },
  "ERROR-601": {
    retry: "backoff",
    kr: "SQL 오류입니다. OpenAPI 호출시 서버에서 SQL 오류가 발생했습니다.",
    en: "SQL error.",
    advice: "The service's database failed; try again later",
  },
  "ERROR-602": {
    retry: "throttle",
    kr: "과도한 OpenAPI호출로 이용이 제한되었습니다. 잠시후 이용해주시기 바랍니다.",
    en: "Use is restricted because of too many Open API calls.",
    advice: "Too many calls: lower concurrency or rateLimit, and try again in a few minutes",
  },
};

/** Whether a string is one of the ECOS result codes. */
export function isEcosResultCode(code: unknown): code is EcosResultCode {
  return typeof code === "string" && Object.hasOwn(ECOS_CODES, code);
}
