/**
 * 901Y027: the labour force survey, monthly, with two item levels as the live table has them:
 * the indicator (I61BA employed persons, I61BC the unemployment rate, I61E the employment
 * rate) and the series (I28A original, I28B seasonally adjusted). Codes as public clients
 * query the live table (see src/discovery/named_series.ts for the evidence); the values are
 * generated from one shared labour-force and unemployment-rate path, so the indicators agree
 * with each other, and the original series add the season to the adjusted ones.
 *
 * @module
 */

import { anchoredWalk, compound, seasonal } from "../generators.ts";
import type { GenContext, TableDef } from "../table.ts";

/** The paths every series of a labour table derives from. */
export interface LabourPaths {
  /** The labour force, seasonally adjusted, in thousands. */
  force: Float64Array;
  /** The unemployment rate, seasonally adjusted, in percent. */
  rate: Float64Array;
}

/**
 * The labour force and unemployment-rate paths of a labour table (901Y027, and the generated
 * panel 999Y002). Drawn from `sharedRng` by name, so they are the same in every series of the
 * table and its indicators agree with each other.
 *
 * @param sharedRng The table's shared random sources.
 * @param count How many months.
 */
export function labourPaths(sharedRng: GenContext["sharedRng"], count: number): LabourPaths {
  return {
    force: compound(sharedRng("force"), count, 22_100, () => 0.0011, 0.0015),
    rate: anchoredWalk(sharedRng("rate"), count, () => 3.5, {
      vol: 0.12,
      speed: 0.05,
      start: 4.4,
      min: 2.2,
    }),
  };
}

/** 901Y027: economically active population, employment and unemployment. */
export const LABOUR_FORCE: TableDef = {
  code: "901Y027",
  name: { kr: "경제활동인구", en: "Economically Active Population" },
  parent: "0000000051",
  org: { kr: "통계청", en: "Statistics Korea" },
  unit: { kr: "천명", en: "thousand persons" },
  decimals: 1,
  dims: [
    {
      name: { kr: "항목", en: "Indicator" },
      items: [
        { code: "I61BA", name: { kr: "취업자", en: "Employed persons" } },
        {
          code: "I61BC",
          name: { kr: "실업률", en: "Unemployment rate" },
          unit: { kr: "%", en: "%" },
        },
        {
          code: "I61E",
          name: { kr: "고용률", en: "Employment-population ratio" },
          unit: { kr: "%", en: "%" },
        },
      ],
    },
    {
      name: { kr: "계열", en: "Series" },
      items: [
        { code: "I28A", name: { kr: "원계열", en: "Original series" } },
        { code: "I28B", name: { kr: "계절조정", en: "Seasonally adjusted" } },
      ],
    },
  ],
  cycles: [
    { cycle: "M", first: "200001", last: "202608" },
    { cycle: "A", first: "2000", last: "2025", derive: "mean" },
  ],
  generate({ count, items, sharedRng, ordinalAt }) {
    const { force, rate } = labourPaths(sharedRng, count);
    const [indicator, series] = items.map((it) => it.code);
    const adjusted = series === "I28B";
    const out = new Float64Array(count);
    for (let k = 0; k < count; k++) {
      const month = ordinalAt(k) % 12;
      // Unemployment peaks in February; the labour force swells in summer.
      const u = Math.max(0.8, rate[k]! + (adjusted ? 0 : 0.5 * seasonal(month, 1)));
      const lf = force[k]! * (adjusted ? 1 : 1 + 0.01 * seasonal(month, 6));
      const employed = lf * (1 - u / 100);
      // Of a working-age population of about 1.56 times the labour force.
      out[k] = indicator === "I61BA"
        ? employed
        : indicator === "I61BC"
        ? u
        : (employed / (lf * 1.56)) * 100;
    }
    return out;
  },
};
