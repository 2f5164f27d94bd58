/**
 * 999Y002: a generated labour panel, monthly, with three item levels (indicator, sex, age): the
 * catalogue's three-level table, for paging and item filters. It is not an ECOS table (its code
 * is outside the live numbering on purpose, like 999Y001); its indicator codes echo the labour
 * survey's but mean what this file says. Employment and unemployment derive from one shared
 * labour-force and unemployment-rate path, so the indicators agree with each other.
 *
 * @module
 */

import { seasonal } from "../generators.ts";
import type { TableDef } from "../table.ts";
import { labourPaths } from "./labour.ts";

const SEX_SHARE: Record<string, number> = { "0": 1, "1": 0.565, "2": 0.435 };
const AGE_SHARE: Record<string, number> = { "00": 1, "15": 0.16, "30": 0.62, "60": 0.22 };
/** Unemployment-rate gap of each age group from the total, in points. */
const AGE_GAP: Record<string, number> = { "00": 0, "15": 4.2, "30": -0.6, "60": -0.4 };
const SEX_GAP: Record<string, number> = { "0": 0, "1": 0.2, "2": -0.25 };

/** 999Y002: a generated labour panel by sex and age (sample). */
export const LABOUR_PANEL: TableDef = {
  code: "999Y002",
  name: { kr: "생성 경제활동인구 패널(샘플)", en: "Generated Labour Panel (sample)" },
  parent: "0000000091",
  org: { kr: "ECOS 샘플 서버", en: "ECOS sample server" },
  unit: { kr: "천명", en: "thousand persons" },
  decimals: 1,
  dims: [
    {
      name: { kr: "항목", en: "Indicator" },
      items: [
        { code: "I61BA", name: { kr: "경제활동인구", en: "Labour force" } },
        { code: "I61BB", name: { kr: "취업자", en: "Employed persons" } },
        { code: "I61BC", name: { kr: "실업자", en: "Unemployed persons" } },
        {
          code: "I61E",
          name: { kr: "실업률", en: "Unemployment rate" },
          unit: { kr: "%", en: "%" },
        },
      ],
    },
    {
      name: { kr: "성별", en: "Sex" },
      items: [
        { code: "0", name: { kr: "계", en: "Total" } },
        { code: "1", name: { kr: "남자", en: "Male" }, parent: "0" },
        { code: "2", name: { kr: "여자", en: "Female" }, parent: "0" },
      ],
    },
    {
      name: { kr: "연령별", en: "Age" },
      items: [
        { code: "00", name: { kr: "계", en: "Total" } },
        { code: "15", name: { kr: "15-29세", en: "15-29 years" }, parent: "00" },
        { code: "30", name: { kr: "30-59세", en: "30-59 years" }, parent: "00" },
        { code: "60", name: { kr: "60세 이상", en: "60 years and over" }, parent: "00" },
      ],
    },
  ],
  cycles: [
    { cycle: "M", first: "200001", last: "202608" },
    { cycle: "A", first: "2000", last: "2025", derive: "mean" },
  ],
  generate({ count, items, sharedRng, ordinalAt }) {
    const { force, rate } = labourPaths(sharedRng, count);
    const [indicator, sex, age] = items.map((it) => it.code);
    const share = (SEX_SHARE[sex ?? "0"] ?? 1) * (AGE_SHARE[age ?? "00"] ?? 1);
    const gap = (SEX_GAP[sex ?? "0"] ?? 0) + (AGE_GAP[age ?? "00"] ?? 0);
    const out = new Float64Array(count);
    for (let k = 0; k < count; k++) {
      const month = ordinalAt(k) % 12;
      // Unemployment peaks in February; the labour force swells in summer.
      const u = Math.max(0.8, rate[k]! + gap + 0.5 * seasonal(month, 1));
      const lf = force[k]! * share * (1 + 0.01 * seasonal(month, 6));
      out[k] = indicator === "I61BA"
        ? lf
        : indicator === "I61BB"
        ? lf * (1 - u / 100)
        : indicator === "I61BC"
        ? (lf * u) / 100
        : u;
    }
    return out;
  },
};
