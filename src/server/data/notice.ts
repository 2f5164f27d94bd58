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
 * import assert from "node:assert/strict";
 * import { SERVER_DATA_NOTICE } from "../mod.ts";
 *
 * assert.match(SERVER_DATA_NOTICE, /not official statistics/);
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
 * import assert from "node:assert/strict";
 * import { SERVER_DATA_NOTICE_KR, startEcosServer } from "../mod.ts";
 *
 * // StatisticMeta carries the notice in its notes.
 * await using server = await startEcosServer();
 * const name = encodeURIComponent("시장금리(일별)");
 * const res = await fetch(`${server.url}/StatisticMeta/sample/json/kr/1/10/${name}`);
 * const rows: { META_DATA: string | null }[] = (await res.json()).StatisticMeta.row;
 * assert.ok(rows.some((row) => row.META_DATA === SERVER_DATA_NOTICE_KR));
 * ```
 */
export const SERVER_DATA_NOTICE_KR: string =
  "이 서버의 자료는 고정 시드로 생성한 표본 자료(2026-09-30까지)이며, 한국은행의 공식 통계가 " +
  "아닙니다.";

/**
 * The notice for data that end on another day than the default (a server's `dataEnd`): the
 * same words with that day.
 *
 * @param dataEnd The data's last day, "YYYY-MM-DD".
 * @param language The notice's language.
 */
export function dataNotice(dataEnd: string, language: "kr" | "en"): string {
  const notice = language === "kr" ? SERVER_DATA_NOTICE_KR : SERVER_DATA_NOTICE;
  return notice.replace("2026-09-30", dataEnd);
}
