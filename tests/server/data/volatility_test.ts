import assert from "node:assert/strict";
import { garchReturns, KRW_USD_GARCH } from "../../../src/server/data/volatility.ts";
import { createRng } from "../../../src/server/data/prng.ts";

/** Business days from 2010 to 2026: the length of the daily exchange-rate series. */
const DAYS = 4_200;
const SEEDS = ["731Y001|0000001|", "731Y001|0000002|", "731Y001|0000003|", "a", "b", "c"];

/** The lag-1 autocorrelation of a series. */
function lag1(x: ArrayLike<number>): number {
  let mean = 0;
  for (let i = 0; i < x.length; i++) mean += x[i]! / x.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < x.length; i++) {
    den += (x[i]! - mean) ** 2;
    if (i > 0) num += (x[i]! - mean) * (x[i - 1]! - mean);
  }
  return num / den;
}

/** The annualised root-mean-square of daily returns. */
function annualised(returns: Float64Array): number {
  let sum = 0;
  for (const r of returns) sum += r * r;
  return Math.sqrt((sum / returns.length) * KRW_USD_GARCH.daysPerYear);
}

Deno.test("garchReturns() gives the same returns for the same seed", () => {
  const a = garchReturns(createRng("seed"), 500);
  assert.deepEqual(garchReturns(createRng("seed"), 500), a);
  assert.notDeepEqual(garchReturns(createRng("other"), 500), a);
  // A shorter run is a prefix of a longer one: one draw a day, in order.
  assert.deepEqual(garchReturns(createRng("seed"), 100), a.subarray(0, 100));
});

Deno.test("garchReturns() clusters volatility: |r| is autocorrelated, r is not", () => {
  for (const seed of SEEDS) {
    const r = garchReturns(createRng(seed), DAYS);
    assert.ok(lag1(r.map(Math.abs)) > 0.1, `${seed}: |r| lag-1 ${lag1(r.map(Math.abs))}`);
    // About 3.5 standard errors of a white-noise estimate over this many days.
    assert.ok(Math.abs(lag1(r)) < 0.06, `${seed}: r lag-1 ${lag1(r)}`);
  }
});

Deno.test("garchReturns() without alpha gives independent returns, unclustered", () => {
  // The contrast that shows the clustering comes from alpha, not from the sample.
  const r = garchReturns(createRng("a"), DAYS, { alpha: 0, beta: 0 });
  assert.ok(Math.abs(lag1(r.map(Math.abs))) < 0.05);
});

Deno.test("garchReturns() keeps the annualised volatility within 6% to 10%", () => {
  for (const seed of SEEDS) {
    const vol = annualised(garchReturns(createRng(seed), DAYS));
    assert.ok(vol > 0.06 && vol < 0.1, `${seed}: ${vol}`);
  }
});

Deno.test("garchReturns() scales with the requested annualised volatility", () => {
  const vol = annualised(garchReturns(createRng("a"), DAYS, { annualVol: 0.2 }));
  assert.ok(vol > 0.16 && vol < 0.24, `${vol}`);
});

Deno.test("garchReturns() rejects parameters without a stationary variance", () => {
  const rng = createRng("x");
  assert.throws(() => garchReturns(rng, 10, { alpha: 0.1, beta: 0.9 }), RangeError);
  assert.throws(() => garchReturns(rng, 10, { alpha: -0.1 }), RangeError);
  assert.throws(() => garchReturns(rng, 10, { annualVol: 0 }), RangeError);
  assert.throws(() => garchReturns(rng, 10, { daysPerYear: Number.NaN }), RangeError);
  assert.throws(() => garchReturns(rng, -1), RangeError);
  assert.throws(() => garchReturns(rng, 2.5), RangeError);
  assert.equal(garchReturns(rng, 0).length, 0);
});
