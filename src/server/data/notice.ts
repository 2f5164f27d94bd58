/**
 * What the bundled data is, in words for people: printed by the CLI and carried by
 * StatisticMeta, so nobody mistakes it for official statistics.
 *
 * @module
 */

/**
 * The notice that the bundled server's data is generated, in English.
 *
 * @example
 * ```ts
 * import { SERVER_DATA_NOTICE } from "../mod.ts";
 *
 * console.assert(SERVER_DATA_NOTICE.includes("not official statistics"));
 * ```
 */
export const SERVER_DATA_NOTICE: string =
  "The bundled ECOS server answers generated sample data (seeded, deterministic, ending " +
  "2026-09-30), not official statistics of the Bank of Korea.";

/**
 * The same notice in Korean.
 *
 * @example
 * ```ts
 * import { SERVER_DATA_NOTICE_KR } from "../mod.ts";
 *
 * console.assert(SERVER_DATA_NOTICE_KR.length > 0);
 * ```
 */
export const SERVER_DATA_NOTICE_KR: string =
  "이 서버의 자료는 고정 시드로 생성한 표본 자료(2026-09-30까지)이며, 한국은행의 공식 통계가 " +
  "아닙니다.";
